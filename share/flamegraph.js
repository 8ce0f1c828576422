// SPDX-License-Identifier: GPL-2.0
// flamediff: the interactive part of every SVG flame graph flamediff
// writes (render/svg.c embeds this file at build time). It reads the
// frames from the document: <g id="frames"> holds one <g> per frame with
// <title>, <rect>, <text>; the <svg> element's data-* attributes hold the
// geometry. Nothing here comes from the profile, so nothing in a profile
// can run as script.
//
// Click a frame: zoom to it. "Reset Zoom": back. "Search" (or Ctrl-F):
// a regular expression; matching frames turn magenta and "Matched: P%"
// tells their share of the total (a diff: "Matched: base B%, new N%"). Zoom and search are kept in the URL
// fragment (#z=FRAME&s=REGEX), so a link shows what you saw.
(function () {
	"use strict";

	var svg = document.documentElement;
	var cfg, frames = [], byG = new Map();
	var details, unzoomBtn, searchBtn, matchedText;
	var zoomed = -1, searchTerm = "";
	var MATCH_FILL = "rgb(230,0,230)";
	var EPS = 0.02; // coordinates are written with two decimals

	function num(name, dflt) {
		var v = parseFloat(svg.getAttribute("data-" + name));
		return isFinite(v) ? v : dflt;
	}

	// The name is the title's first line up to its last " (": render/svg.c
	// writes "NAME (figures)" and the figures never hold " (".
	function frameName(title) {
		var line = title.split("\n")[0];
		var cut = line.lastIndexOf(" (");
		return cut > 0 ? line.slice(0, cut) : line;
	}

	function init() {
		var gs, i, g, r, t, title, y, part;

		if (cfg)
			return;
		cfg = {
			gx: num("graph-x", 10),
			gw: num("graph-w", 1180),
			fs: num("fontsize", 12),
			fw: num("fontwidth", 0.59),
			inverted: num("inverted", 0) === 1,
			// A focus view: frames below this y are the callees
			// (an icicle), those above the callers (a flame graph).
			focusY: num("focus-y", -1),
			diff: num("diff", 0) === 1,
			nametype: svg.getAttribute("data-nametype") || "Function:"
		};
		details = document.getElementById("details");
		unzoomBtn = document.getElementById("unzoom");
		searchBtn = document.getElementById("search");
		matchedText = document.getElementById("matched");
		gs = document.querySelectorAll("#frames > g");
		for (i = 0; i < gs.length; i++) {
			g = gs[i];
			r = g.querySelector("rect");
			t = g.querySelector("text");
			title = g.querySelector("title");
			if (!r || !t || !title)
				continue;
			y = parseFloat(r.getAttribute("y"));
			part = cfg.focusY >= 0 && y > cfg.focusY ? 1 : 0;
			frames.push({
				index: frames.length,
				g: g, rect: r, text: t,
				title: title.textContent,
				name: frameName(title.textContent),
				x: parseFloat(r.getAttribute("x")),
				w: parseFloat(r.getAttribute("width")),
				// How far from the root: larger = deeper.
				level: cfg.inverted || part ? y : -y,
				part: part,
				fill: r.getAttribute("fill"),
				tx: parseFloat(t.getAttribute("x"))
			});
			byG.set(g, frames[frames.length - 1]);
		}
		var box = document.getElementById("frames");
		if (box) {
			box.addEventListener("click", onClick);
			box.addEventListener("mouseover", onOver);
			box.addEventListener("mouseout", onOut);
		}
		if (unzoomBtn)
			unzoomBtn.addEventListener("click", function () {
				unzoom();
				saveState();
			});
		if (searchBtn)
			searchBtn.addEventListener("click", function () {
				if (searchTerm)
					clearSearch();
				else
					askSearch();
				saveState();
			});
		window.addEventListener("keydown", onKey);
		loadState();
	}

	function frameOf(ev) {
		var n = ev.target;
		while (n && n !== svg) {
			if (byG.has(n))
				return byG.get(n);
			n = n.parentNode;
		}
		return null;
	}

	function onClick(ev) {
		var f = frameOf(ev);
		if (!f)
			return;
		zoom(f.index);
		saveState();
	}

	function onOver(ev) {
		var f = frameOf(ev);
		if (f && details)
			details.textContent = cfg.nametype + " " +
				f.title.split("\n")[0];
	}

	function onOut() {
		if (details)
			details.textContent = " ";
	}

	function onKey(ev) {
		if ((ev.ctrlKey || ev.metaKey) && (ev.key === "f" || ev.key === "F")) {
			ev.preventDefault();
			askSearch();
			saveState();
		} else if (ev.key === "Escape") {
			clearSearch();
			unzoom();
			saveState();
		}
	}

	// The label that fits, by the same rule as render/layout.c.
	function label(name, width) {
		var fits = Math.floor((width - 6) / (cfg.fs * cfg.fw));
		var chars = Array.from(name);
		if (fits < 3)
			return "";
		if (chars.length <= fits)
			return name;
		return chars.slice(0, fits - 2).join("") + "..";
	}

	function place(f, x, w) {
		f.rect.setAttribute("x", x.toFixed(2));
		f.rect.setAttribute("width", w.toFixed(2));
		f.text.setAttribute("x", (x + 3).toFixed(2));
		f.text.textContent = label(f.name, w);
	}

	function zoom(i) {
		var z = frames[i], scale, k, f;
		if (!z)
			return;
		unzoom();
		if (i === 0 || z.w <= 0)
			return;
		zoomed = i;
		scale = cfg.gw / z.w;
		for (k = 0; k < frames.length; k++) {
			f = frames[k];
			if (f.part !== z.part) {
				f.g.classList.add("hide");
			} else if (f.level < z.level) {
				if (f.x <= z.x + EPS && f.x + f.w >= z.x + z.w - EPS) {
					f.g.classList.add("parent");
					place(f, cfg.gx, cfg.gw);
				} else {
					f.g.classList.add("hide");
				}
			} else if (k === i || (f.level > z.level &&
				   f.x >= z.x - EPS && f.x + f.w <= z.x + z.w + EPS)) {
				place(f, cfg.gx + (f.x - z.x) * scale, f.w * scale);
			} else {
				f.g.classList.add("hide");
			}
		}
		if (unzoomBtn)
			unzoomBtn.classList.remove("hide");
	}

	function unzoom() {
		var k, f;
		if (zoomed < 0)
			return;
		zoomed = -1;
		for (k = 0; k < frames.length; k++) {
			f = frames[k];
			f.g.classList.remove("parent");
			f.g.classList.remove("hide");
			place(f, f.x, f.w);
		}
		if (unzoomBtn)
			unzoomBtn.classList.add("hide");
	}

	function askSearch() {
		var term = window.prompt("Search for (a regular expression, " +
			"e.g. ^ext4_ or spin_lock)", searchTerm || "");
		if (term !== null && term !== "")
			search(term);
	}

	function clearSearch() {
		var k;
		searchTerm = "";
		for (k = 0; k < frames.length; k++)
			frames[k].rect.setAttribute("fill", frames[k].fill);
		if (matchedText)
			matchedText.textContent = " ";
		if (searchBtn)
			searchBtn.textContent = "Search";
	}

	// The figures of a diff frame's title: "(base B%, new N%, ...)".
	function diffShares(f) {
		var m = /\(base (-?[\d.]+)%, new (-?[\d.]+)%/.exec(
			f.title.split("\n")[0].slice(f.name.length));
		return m ? [parseFloat(m[1]), parseFloat(m[2])] : [0, 0];
	}

	// The larger of two parts' matches, [sum, base, new].
	function sumPart(best, sum, base, nw) {
		if (!best || sum > best[0])
			return [sum, base, nw];
		return best;
	}

	// Colours the frames whose name matches; returns the matched share
	// of the total in percent (a diff: of base's), -1 for a bad
	// expression. A match inside a match counts once.
	function search(term) {
		var re, k, f, hits = [], end = -Infinity, root, sum = 0;
		var base = 0, nw = 0, sh, text, best = null;
		clearSearch();
		try {
			re = new RegExp(term);
		} catch (e) {
			if (matchedText)
				matchedText.textContent = "Bad expression";
			return -1;
		}
		searchTerm = term;
		for (k = 0; k < frames.length; k++) {
			f = frames[k];
			if (!re.test(f.name))
				continue;
			f.rect.setAttribute("fill", MATCH_FILL);
			hits.push(f);
		}
		// Outermost matches only: by x, the wider (closer to the root)
		// first; a frame starting inside the last kept one is in it.
		// A focus view's two parts each hold the function's samples
		// once: each is summed apart, the larger one shown.
		hits.sort(function (a, b) {
			return a.part - b.part || a.x - b.x || b.w - a.w;
		});
		for (k = 0; k < hits.length; k++) {
			f = hits[k];
			if (k && f.part !== hits[k - 1].part) {
				best = sumPart(best, sum, base, nw);
				end = -Infinity;
				sum = base = nw = 0;
			}
			if (f.x < end - EPS)
				continue;
			end = f.x + f.w;
			sum += f.w;
			if (cfg.diff) {
				sh = diffShares(f);
				base += sh[0];
				nw += sh[1];
			}
		}
		best = sumPart(best, sum, base, nw);
		sum = best[0];
		base = best[1];
		nw = best[2];
		root = frames.length ? frames[0].w : 0;
		if (cfg.diff) {
			text = "Matched: base " + Math.min(100, base).toFixed(1) +
				"%, new " + Math.min(100, nw).toFixed(1) + "%";
			sum = Math.min(100, base);
		} else {
			sum = root > 0 ? Math.min(100, 100 * sum / root) : 0;
			text = "Matched: " + sum.toFixed(1) + "%";
		}
		if (matchedText)
			matchedText.textContent = text;
		if (searchBtn)
			searchBtn.textContent = "Reset Search";
		return sum;
	}

	function saveState() {
		var parts = [], url;
		if (zoomed > 0)
			parts.push("z=" + zoomed);
		if (searchTerm)
			parts.push("s=" + encodeURIComponent(searchTerm));
		url = location.href.split("#")[0] +
			(parts.length ? "#" + parts.join("&") : "");
		try {
			history.replaceState(null, "", url);
		} catch (e) {
			try {
				location.replace(url);
			} catch (e2) {
				// Not a browser page we may change: fine.
			}
		}
	}

	function loadState() {
		var h = location.hash.replace(/^#/, ""), parts, k, kv;
		if (!h)
			return;
		parts = h.split("&");
		for (k = 0; k < parts.length; k++) {
			kv = parts[k].split("=");
			try {
				if (kv[0] === "z")
					zoom(parseInt(kv[1], 10));
				else if (kv[0] === "s" && kv.length > 1)
					search(decodeURIComponent(kv.slice(1).join("=")));
			} catch (e) {
				// A hand-edited URL: ignore what does not parse.
			}
		}
	}

	// For scripts and tests driving the page.
	window.flamediff = {
		zoom: function (i) { init(); zoom(i); saveState(); },
		unzoom: function () { init(); unzoom(); saveState(); },
		search: function (t) { init(); var p = search(t); saveState(); return p; },
		clearSearch: function () { init(); clearSearch(); saveState(); },
		zoomed: function () { return zoomed; },
		frames: function () { init(); return frames.length; }
	};

	if (document.readyState === "complete")
		init();
	else
		window.addEventListener("load", init);
})();
