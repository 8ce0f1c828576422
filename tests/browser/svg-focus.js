// SPDX-License-Identifier: GPL-2.0
// A focus view's SVG (svg --diff --focus) in headless Chromium: zoom and
// search keep to the part (callers above, callees below) a frame is in.
//   node tests/browser/svg-focus.js FOCUS.SVG
// FOCUS.SVG: tests/data/focus's graph of "target". Prints TAP. Run by
// tests/t-svg-focus-browser.sh.
"use strict";

const path = require("path");
const url = require("url");
const { ok, run } = require("./tap-chromium");

// Every frame called name, top to bottom: its index, place, visibility.
async function framesNamed(page, name) {
	return page.evaluate((name) => {
		const out = [];
		let i = 0;
		for (const g of document.querySelectorAll("#frames > g")) {
			const t = g.querySelector("title").textContent.split("\n")[0];
			const r = g.querySelector("rect");
			if (t.slice(0, t.lastIndexOf(" (")) === name)
				out.push({
					index: i,
					y: parseFloat(r.getAttribute("y")),
					x: parseFloat(r.getAttribute("x")),
					w: parseFloat(r.getAttribute("width")),
					hidden: g.classList.contains("hide")
				});
			i++;
		}
		return out.sort((a, b) => a.y - b.y);
	}, name);
}

async function main(ctx) {
	const [svg] = process.argv.slice(2);
	const page = await ctx.newPage();
	const errors = [];
	page.on("pageerror", (e) => errors.push(String(e)));
	await page.goto(url.pathToFileURL(path.resolve(svg)).href);
	await page.waitForFunction(() => window.flamediff &&
				   window.flamediff.frames() > 0);
	const nframes = await page.evaluate(() => window.flamediff.frames());
	ok(nframes === 18, `the script found the frames (${nframes})`, nframes);

	// Zoom into the callees' recurse: its subtree (target, work2)
	// fills the width, the callers are hidden.
	const rec = (await framesNamed(page, "recurse"))[0];
	await page.evaluate((i) => window.flamediff.zoom(i), rec.index);
	const r2 = (await framesNamed(page, "recurse"))[0];
	ok(r2 && Math.abs(r2.w - 1180) < 0.5 && !r2.hidden,
	   "callees: the clicked frame fills the width", r2);
	const t = await framesNamed(page, "target");
	ok(t.length === 3 && t[0].hidden && !t[1].hidden && !t[2].hidden,
	   "callees: the root target is a parent, the inner one is shown, " +
	   "the callers' target hidden", t);
	const w2 = (await framesNamed(page, "work2")).filter((f) => !f.hidden);
	ok(w2.length === 1 && Math.abs(w2[0].w - 1180) < 0.5,
	   "callees: recurse's work2 scaled with it, the other hidden", w2);
	const ca = (await framesNamed(page, "caller_a"))[0];
	ok(ca && ca.hidden, "the callers are hidden", ca);

	// Zoom into caller_c (callers): main and app above it shown,
	// target below it a parent, the callees hidden.
	const cc = (await framesNamed(page, "caller_c"))[0];
	await page.evaluate((i) => window.flamediff.zoom(i), cc.index);
	const c2 = (await framesNamed(page, "caller_c"))[0];
	ok(c2 && Math.abs(c2.w - 1180) < 0.5, "callers: caller_c fills the width", c2);
	const apps = (await framesNamed(page, "app")).filter((f) => !f.hidden);
	ok(apps.length === 1 && Math.abs(apps[0].w - 1180) < 0.5,
	   "callers: its caller chain up to the process is shown", apps);
	const w1 = await framesNamed(page, "work1");
	ok(w1.length === 1 && w1[0].hidden, "callers: the callees are hidden", w1);
	await page.evaluate(() => window.flamediff.unzoom());

	// Search: each part holds target's samples once.
	const m1 = await page.evaluate(() => {
		window.flamediff.search("^target$");
		return document.getElementById("matched").textContent;
	});
	ok(m1 === "Matched: base 35.0%, new 40.0%",
	   "search ^target$: its share once, not twice", m1);
	const m2 = await page.evaluate(() => {
		window.flamediff.search("^work");
		return document.getElementById("matched").textContent;
	});
	ok(m2 === "Matched: base 33.0%, new 39.0%",
	   "search ^work: the callees that match (18+5+6+4, 19+5+12+3)", m2);
	ok(errors.length === 0, "no script error", errors);
}

run(main);
