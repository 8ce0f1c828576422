// SPDX-License-Identifier: GPL-2.0
// Drive a flamediff SVG in headless Chromium and check what a user sees.
//   node tests/browser/svg-diff.js DIFF.SVG ESCAPE.SVG [WIDE.SVG...]
// DIFF.SVG: the seed scenario's differential graph; ESCAPE.SVG: a graph of
// hostile names; WIDE.SVG: more differential graphs, of other widths,
// whose legend is checked too. Prints TAP. Run by tests/t-svg-browser.sh.
"use strict";

const path = require("path");
const url = require("url");
const { ok, run } = require("./tap-chromium");

// Everything the page knows about the frame whose name is exactly name.
async function frameInfo(page, name) {
	return page.evaluate((name) => {
		for (const g of document.querySelectorAll("#frames > g")) {
			const t = g.querySelector("title").textContent.split("\n")[0];
			if (t.slice(0, t.lastIndexOf(" (")) !== name)
				continue;
			const r = g.querySelector("rect");
			return {
				x: parseFloat(r.getAttribute("x")),
				w: parseFloat(r.getAttribute("width")),
				fill: r.getAttribute("fill"),
				hidden: g.classList.contains("hide"),
				label: g.querySelector("text").textContent
			};
		}
		return null;
	}, name);
}

async function main(ctx) {
	const [diffSvg, escSvg, ...wideSvgs] = process.argv.slice(2);
	const page = await ctx.newPage();
	const dialogs = [];
	let answer = null;
	page.on("dialog", async (d) => {
		dialogs.push(d.type() + ":" + d.message());
		if (d.type() === "prompt" && answer !== null)
			await d.accept(answer);
		else
			await d.dismiss();
	});
	const errors = [];
	page.on("pageerror", (e) => errors.push(String(e)));

	const diffUrl = url.pathToFileURL(path.resolve(diffSvg)).href;
	await page.goto(diffUrl);
	await page.waitForFunction(() => window.flamediff &&
				   window.flamediff.frames() > 0);
	const nframes = await page.evaluate(() => window.flamediff.frames());
	ok(nframes > 10, `the script found the frames (${nframes})`, nframes);

	// The legend wraps inside the image: no word past its right
	// edge as Chromium lays the text out (issue 26), at every
	// width drawn.
	for (const [i, svgPath] of [diffSvg, ...wideSvgs].entries()) {
		if (i) {
			await page.goto(url.pathToFileURL(path.resolve(svgPath)).href);
			await page.waitForFunction(() => window.flamediff &&
						   window.flamediff.frames() > 0);
		}
		const legend = await page.evaluate(() => {
			const svg = document.documentElement;
			const w = parseFloat(svg.getAttribute("width"));
			const t = Array.from(document.querySelectorAll("#legend text"),
				(e) => { const b = e.getBBox(); return b.x + b.width; });
			return { w: w, lines: t.length, right: Math.max(...t) };
		});
		ok(legend.lines >= (i ? 2 : 4) && legend.right <= legend.w - 5,
		   `the legend ends inside the ${legend.w} px image (at ${legend.right.toFixed(0)} px, ${legend.lines} lines)`,
		   legend);
	}
	if (wideSvgs.length)
		await page.goto(diffUrl);
	await page.waitForFunction(() => window.flamediff &&
				   window.flamediff.frames() > 0);

	// The seed scenario's colours, as the browser renders them.
	const notify = await frameInfo(page, "cgroup_file_notify");
	const lock = await frameInfo(page, "_raw_spin_lock");
	const blue = (c) => { const m = c.match(/\d+/g).map(Number); return m[2] > m[0] + 60; };
	const red = (c) => { const m = c.match(/\d+/g).map(Number); return m[0] > m[2] + 60; };
	ok(notify && blue(notify.fill), "cgroup_file_notify is blue", notify);
	ok(lock && red(lock.fill), "_raw_spin_lock is red", lock);

	// Hover: the details line.
	const before = await frameInfo(page, "folio_alloc_swap");
	const box = await page.locator("#frames > g", {
		has: page.locator("title", { hasText: /^folio_alloc_swap \(/ })
	}).locator("rect").boundingBox();
	await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
	const det = await page.evaluate(() =>
		document.getElementById("details").textContent);
	ok(/^Function: folio_alloc_swap \(base [\d.]+%, new [\d.]+%, -[\d.]+ pts\)$/.test(det),
	   "hover shows name, base %, new %, change", det);

	// Click: zoom to folio_alloc_swap.
	await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
	const z = await frameInfo(page, "folio_alloc_swap");
	ok(Math.abs(z.w - 1180) < 0.5 && Math.abs(z.x - 10) < 0.5,
	   "clicked frame fills the width", z);
	const zl = await frameInfo(page, "_raw_spin_lock");
	ok(!zl.hidden && Math.abs(zl.w - lock.w * 1180 / before.w) < 0.5,
	   "its child is scaled with it", zl);
	const other = await frameInfo(page, "folio_isolate_lru");
	ok(other.hidden, "a frame outside the zoom is hidden", other);
	const unzoomVisible = await page.evaluate(() =>
		!document.getElementById("unzoom").classList.contains("hide"));
	ok(unzoomVisible, "Reset Zoom is shown");

	// Search through the UI: the prompt answers "cgroup_file_notify".
	answer = "cgroup_file_notify";
	await page.locator("#search").click();
	await page.waitForFunction(() =>
		/^Matched/.test(document.getElementById("matched").textContent));
	const matched = await page.evaluate(() =>
		document.getElementById("matched").textContent);
	const shares = /\(base ([\d.]+)%, new ([\d.]+)%/.exec(
		await page.evaluate(() => Array.from(document.querySelectorAll("#frames title"),
			(t) => t.textContent).find((t) => t.startsWith("cgroup_file_notify ("))));
	const expect = `Matched: base ${parseFloat(shares[1]).toFixed(1)}%, new ${parseFloat(shares[2]).toFixed(1)}%`;
	ok(matched === expect && parseFloat(shares[1]) > 90,
	   `"${matched}" gives both sides' shares (${expect})`, matched);
	const hl = await frameInfo(page, "cgroup_file_notify");
	ok(hl.fill === "rgb(230,0,230)", "the match is highlighted", hl);
	const notHl = await frameInfo(page, "folio_alloc_swap");
	ok(notHl.fill === before.fill, "other frames keep their colour", notHl);

	// Regex search through the API: both spin lock entries.
	const pct = await page.evaluate(() =>
		window.flamediff.search("^_raw_spin_lock(_irqsave)?$"));
	// base: irqsave under cgroup_file_notify (~92%) and under
	// folio_isolate_lru (~1%): ~93% of base's samples.
	ok(pct > 90 && pct < 97, `regex search matches the lock frames (base ${pct.toFixed(1)}%)`, pct);

	// Back to the UI's search, then the URL keeps zoom and search.
	await page.evaluate(() => window.flamediff.search("cgroup_file_notify"));
	const href = page.url();
	ok(/#z=\d+&s=cgroup_file_notify$/.test(href), "zoom and search are in the URL", href);
	const page2 = await ctx.newPage();
	page2.on("pageerror", (e) => errors.push(String(e)));
	await page2.goto(href);
	await page2.waitForFunction(() => window.flamediff &&
				    window.flamediff.frames() > 0);
	const z2 = await frameInfo(page2, "folio_alloc_swap");
	const m2 = await page2.evaluate(() =>
		document.getElementById("matched").textContent);
	ok(Math.abs(z2.w - 1180) < 0.5 && m2 === matched,
	   "opening the URL restores zoom and search", { z2, m2 });
	await page2.close();

	// Reset zoom: the original geometry is back.
	await page.locator("#unzoom").click();
	const back = await frameInfo(page, "folio_alloc_swap");
	ok(Math.abs(back.w - before.w) < 0.01 && Math.abs(back.x - before.x) < 0.01,
	   "Reset Zoom restores the layout", back);
	ok(!(await frameInfo(page, "folio_isolate_lru")).hidden,
	   "hidden frames are back");

	// Hostile names: shown as text, nothing runs.
	dialogs.length = 0;
	answer = null;
	await page.goto(url.pathToFileURL(path.resolve(escSvg)).href);
	await page.waitForFunction(() => window.flamediff &&
				   window.flamediff.frames() > 0);
	await page.waitForTimeout(200);
	ok(dialogs.length === 0, "no script from the input ran", dialogs);
	const names = await page.evaluate(() =>
		Array.from(document.querySelectorAll("#frames > g > title"),
			   (t) => t.textContent.split("\n")[0]));
	for (const want of ["a<b", "x&y", "\"quoted\"", "'single'", "]]>",
			    "</script><script>alert(1)</script>"])
		ok(names.some((t) => t.startsWith(want + " (")),
		   `name ${JSON.stringify(want)} is text`, names);
	const scripts = await page.evaluate(() =>
		document.querySelectorAll("script").length);
	ok(scripts === 1, "only flamediff's own script is in the page", scripts);
	ok(errors.length === 0, "no script errors", errors);
}

run(main);
