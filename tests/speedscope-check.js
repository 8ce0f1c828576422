// Check a speedscope export (tests/t-export.sh): validate it against the
// schema speedscope publishes in its npm package
// (dist/release/file-format-schema.json) with ajv, check what the schema
// cannot say (frame indices in range, one weight per sample), then print
// what the viewer would show: "total W", then "self W NAME" per frame,
// heaviest first (a frame's self weight: the samples whose top it is).
//
// speedscope's npm package ships only its browser bundle, whose importer
// is not exposed to Node: hence the schema and these checks.
//
// usage: node tests/speedscope-check.js FILE.json
'use strict';
const fs = require('fs');
const path = require('path');
const Ajv = require('ajv');

function fail(msg) {
	process.stderr.write('speedscope-check: ' + msg + '\n');
	process.exit(1);
}

const schemaPath = path.join(path.dirname(require.resolve('speedscope/package.json')),
	'dist', 'release', 'file-format-schema.json');
const schema = JSON.parse(fs.readFileSync(schemaPath, 'utf8'));
let file;
try {
	file = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
} catch (e) {
	fail('not JSON: ' + e.message);
}
const ajv = new Ajv({ allErrors: true, strict: false });
const validate = ajv.compile(schema);
if (!validate(file))
	fail('does not match the schema: ' + ajv.errorsText(validate.errors));

const frames = file.shared.frames;
const self = new Map();
let total = 0;
for (const p of file.profiles) {
	if (p.type !== 'sampled')
		fail('profile ' + p.name + ' is not sampled');
	if (p.samples.length !== p.weights.length)
		fail('profile ' + p.name + ': samples and weights differ in length');
	let sum = 0;
	p.samples.forEach((stack, i) => {
		for (const f of stack)
			if (!Number.isInteger(f) || f < 0 || f >= frames.length)
				fail('frame index ' + f + ' out of range');
		const w = p.weights[i];
		sum += w;
		if (stack.length) {
			const name = frames[stack[stack.length - 1]].name;
			self.set(name, (self.get(name) || 0) + w);
		}
	});
	if (Math.abs(sum - (p.endValue - p.startValue)) > 1e-6 * Math.max(1, sum))
		fail('profile ' + p.name + ': endValue is not the sum of weights');
	total += sum;
}
let out = 'total ' + total + '\n';
[...self.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
	.forEach(([name, w]) => { out += 'self ' + w + ' ' + name + '\n'; });
process.stdout.write(out);
