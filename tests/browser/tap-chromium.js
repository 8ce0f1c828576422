// SPDX-License-Identifier: GPL-2.0
// What the browser tests (tests/browser/*.js) share: TAP checks, and a
// headless Chromium (playwright-core from npm) to run them in.
"use strict";

const fs = require("fs");
const os = require("os");
const path = require("path");

let n = 0, failed = 0;

// One TAP check; extra is shown when it fails.
function ok(cond, what, extra) {
	n++;
	console.log(`${cond ? "" : "not "}ok ${n} - ${what}`);
	if (!cond) {
		failed++;
		if (extra !== undefined)
			console.log(`#   got: ${JSON.stringify(extra)}`);
	}
}

// Run body(ctx) in a fresh Chromium profile, then print the plan and
// exit: 1 when a check failed or body threw (one more failing check).
function run(body) {
	(async () => {
		const { chromium } = require(path.resolve("node_modules/playwright-core"));
		const profile = fs.mkdtempSync(path.join(os.tmpdir(), "fd-chromium-"));
		const ctx = await chromium.launchPersistentContext(profile, {
			executablePath: "/usr/bin/chromium",
			headless: true,
			args: ["--headless", "--no-sandbox", "--disable-gpu",
			       "--disable-quic", "--no-first-run",
			       "--disable-background-networking",
			       "--disable-component-update", "--disable-sync"],
		});
		try {
			await body(ctx);
		} finally {
			await ctx.close();
			fs.rmSync(profile, { recursive: true, force: true });
		}
		console.log(`1..${n}`);
		process.exit(failed ? 1 : 0);
	})().catch((e) => {
		console.log(`not ok ${n + 1} - the browser test ran: ${e && e.message}`);
		console.log(`1..${n + 1}`);
		process.exit(1);
	});
}

module.exports = { ok, run };
