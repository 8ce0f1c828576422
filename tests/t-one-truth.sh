#!/bin/sh
# One truth for every number: the LKP table, --format json, the SVG's
# tooltips and the PNG's movers table (its text chunk, which holds the
# figures drawn) show the same children share for a function, colour
# follows the table's verdict, and widths are the shares they state.
. "$(dirname "$0")/tap-lib.sh"
skip_without python3
top=$(cd "$(dirname "$0")/.." && pwd)

# Random runs with unequal totals (a different scale per run), three a
# side, stacks whose functions each have one call path, so that a
# function's children row is its frame's share.
gen() { # gen SEED SCALE-OF-NEW-WORK > folded
	awk -v seed="$1" -v shift_="$2" 'BEGIN {
		srand(seed)
		split("a b c d e f g h", fn, " ")
		scale = 1 + int(rand() * 20)
		for (i = 1; i <= 8; i++) {
			w = int((50 + rand() * 100) * scale)
			if (i <= 2)
				w = int(w * shift_)
			printf "proc;main;mid_%s;leaf_%s %d\n", fn[i], fn[i], w
			printf "proc;main;mid_%s;tail_%s %d\n", fn[i], fn[i], int(w * rand())
		}
		# a path only the base has, one only the new has
		if (shift_ == 1)
			printf "proc;main;gone;gone_leaf %d\n", 300 * scale
		else
			printf "proc;main;born;born_leaf %d\n", 200 * scale
		# below 0.05%: absent, as in the stats files of LKP
		printf "proc;main;tiny;tiny_leaf %d\n", 1 + int(rand() * scale)
	}'
}
mkdir -p "$T/base" "$T/new"
for r in 1 2 3; do
	gen $r 1 >"$T/base/run-$r.folded"
	gen $((r + 10)) 3 >"$T/new/run-$r.folded"
done

check_truth() { # check_truth NAME BASE NEW: every output, compared
	name=$1
	b=$2
	n=$3
	"$FLAMEDIFF" diff --rows children,self --no-explain "$b" "$n" \
		>"$T/$name.table" 2>"$T/err"
	ok $? "$name: diff (table) exits 0"
	"$FLAMEDIFF" diff --all --format json "$b" "$n" >"$T/$name.json" \
		2>"$T/err"
	ok $? "$name: diff --format json exits 0"
	"$FLAMEDIFF" svg --diff "$b" "$n" -o "$T/$name.svg" 2>"$T/err"
	ok $? "$name: svg --diff exits 0"
	"$FLAMEDIFF" png --diff --table 50 "$b" "$n" -o "$T/$name.png" \
		2>"$T/err"
	ok $? "$name: png --diff --table exits 0"
	python3 - "$T/$name" >"$T/$name.out" 2>&1 <<'EOF'
import json, re, sys, zlib, html
pre = sys.argv[1]
fails = []
def fail(msg):
    fails.append(msg)

# The table: children and self rows, "BASE [± S%] CHANGE NEW [± S%] KEY".
table = {}
for line in open(pre + ".table"):
    m = re.match(r"\s+([\d.]+)(?:\s+±\s*\d+%)?\s+([-+][\d.e+]+)\s+([\d.]+)"
                 r"(?:\s+±\s*\d+%)?\s+perf-profile\.(children|self)\.[^.]+\.(.+)$",
                 line.rstrip("\n"))
    if m:
        table[(m.group(4), m.group(5))] = (m.group(1), m.group(3))
# json: every row, shown or not, with its verdict and per-run values.
js = json.load(open(pre + ".json"))
rows = {}
for r in js["rows"]:
    m = re.match(r"perf-profile\.(children|self)\.[^.]+\.(.+)$", r["key"])
    if m:
        rows[(m.group(1), m.group(2))] = r
# The SVG: frames with their tooltip, fill, x, width, y.
svg = open(pre + ".svg").read()
frames = []
for m in re.finditer(r'<g(?: class="(\w+)")?><title>(.*?)</title><rect x="([\d.]+)" '
                     r'y="([\d.]+)" width="([\d.]+)" height="[\d.]+" fill="([^"]+)"',
                     svg, re.S):
    t = html.unescape(m.group(2))
    if t.endswith("\nprocess"):
        continue  # a process, not a function of the same name
    name = t.split(" (")[0]
    f = {"cls": m.group(1), "title": t, "name": name, "x": float(m.group(3)),
         "y": float(m.group(4)), "w": float(m.group(5)), "fill": m.group(6)}
    s = re.search(r"\(base ([\d.]+)%, new ([\d.]+)%", t)
    if s:
        f["base"], f["new"] = s.group(1), s.group(2)
    frames.append(f)
if not frames:
    fail("no frames in the SVG")
byname = {}
for f in frames:
    byname.setdefault(f["name"], []).append(f)
# The PNG's movers, from its tEXt "Description" chunk.
png = open(pre + ".png", "rb").read()
movers = {}
i = 8
while i < len(png):
    n = int.from_bytes(png[i:i + 4], "big")
    typ = png[i + 4:i + 8]
    data = png[i + 8:i + 8 + n]
    if typ == b"tEXt":
        key, _, text = data.partition(b"\0")
        if key == b"Description":
            for line in text.decode("latin-1").split("\n")[1:]:
                ch, b, nw, fn = line.split(" ", 3)
                movers[fn] = (b, nw)
    i += 12 + n

checked = 0
for (grp, fn), (b, nw) in table.items():
    if grp != "children":
        continue
    r = rows.get(("children", fn))
    if not r:
        fail("%s: in the table, not in json" % fn)
        continue
    if "%.2f" % r["base"]["mean"] != b or "%.2f" % r["new"]["mean"] != nw:
        fail("%s: table %s/%s, json %.4f/%.4f" % (fn, b, nw, r["base"]["mean"], r["new"]["mean"]))
    fr = byname.get(fn, [])
    if len(fr) == 1 and fr[0].get("base") is not None:
        if (fr[0]["base"], fr[0]["new"]) != (b, nw):
            fail("%s: table %s/%s, SVG tooltip %s/%s" % (fn, b, nw, fr[0]["base"], fr[0]["new"]))
        checked += 1
    elif len(fr) > 1 and all(f.get("base") is not None for f in fr):
        # Several call paths (not recursion: the frames do not nest):
        # their shares add up to the children figure, within the
        # tooltips' rounding and the 0.05 floor of each path.
        for side, want in (("base", float(b)), ("new", float(nw))):
            got = sum(float(f[side]) for f in fr)
            slack = 0.006 * len(fr) + 0.05 * sum(1 for f in fr if float(f[side]) < 0.05)
            if abs(got - want) > slack:
                fail("%s: table %s %.2f, its %d SVG paths add up to %.2f" % (fn, side, want, len(fr), got))
        checked += 1
    if fn in movers and movers[fn] != (b, nw):
        fail("%s: table %s/%s, PNG movers %s/%s" % (fn, b, nw) + movers[fn])
for fn in movers:
    if ("children", fn) not in table:
        fail("%s: a PNG mover the table does not show" % fn)
print("functions compared table/json/svg: %d, PNG movers: %d" % (checked, len(movers)))
if checked < 3:
    fail("fewer than 3 single-path functions compared")

# Colour iff verdict; a single-path function's verdict is its row's.
for f in frames:
    coloured = not re.match(r"rgb\((\d+),\1,\1\)", f["fill"])
    changed = "verdict: changed" in f["title"]
    if f["name"] == "all" or "merged frames" in f["name"]:
        continue
    if coloured != changed:
        fail("%s: coloured %s but verdict %s" % (f["name"], coloured, changed))
    fr = byname[f["name"]]
    r = rows.get(("children", f["name"]))
    if len(fr) == 1 and r is not None and r["changed"] != changed:
        fail("%s: tooltip verdict %s, table row %s" % (f["name"], changed, r["changed"]))

# Widths: each frame is its stated share (the mean of base and new) of
# the root's width, within what 2-decimal tooltips and 2-decimal pixel
# widths can tell; no child is wider than its parent.
root = [f for f in frames if f["name"] == "all"][0]
procs = re.findall(r'<title>[^<]*&#10;process</title><rect x="([\d.]+)" y="([\d.]+)" width="([\d.]+)"', svg)
holders = frames + [{"x": float(x), "y": float(y), "w": float(w)} for x, y, w in procs]
for f in frames:
    if f.get("base") is None:
        continue
    share = (float(f["base"]) + float(f["new"])) / 2
    got = 100 * f["w"] / root["w"]
    if abs(got - share) > 0.006 + 0.001 * share:
        fail("%s: width %.4f%% of the root, states %.4f%%" % (f["name"], got, share))
rows_y = sorted(set(f["y"] for f in frames))
for f in frames:
    if f is root:
        continue
    parents = [p for p in holders if p["y"] != f["y"] and abs(abs(p["y"] - f["y"]) - (rows_y[1] - rows_y[0])) < 0.01
               and p["x"] - 0.011 <= f["x"] and f["x"] + f["w"] <= p["x"] + p["w"] + 0.011]
    if not parents:
        fail("%s: no parent frame holds it" % f["name"])

# No row LKP could never show: every shown perf-profile row is >= 0.05 in
# some run of a side.
for r in js["rows"]:
    if r["key"].startswith("perf-profile.") and r["changed"]:
        runs = r["base"]["runs"] + r["new"]["runs"]
        if max(runs) < 0.05:
            fail("%s: changed, yet below 0.05 in every run" % r["key"])
for k, r in rows.items():
    runs = r["base"]["runs"] + r["new"]["runs"]
    if 0 < min(x for x in runs if x > 0) < 0.05 if any(runs) else False:
        fail("%s: a run holds a figure below 0.05" % r["key"])
for f in fails[:20]:
    print("FAIL " + f)
sys.exit(1 if fails else 0)
EOF
	rc=$?
	ok $rc "$name: table, json, SVG tooltips, PNG movers agree; colour = verdict; widths = shares"
	sed 's/^/#   /' "$T/$name.out"
}

check_truth random "$T/base" "$T/new"
check_truth demo "$top/share/demo/recorded/build-A" \
	"$top/share/demo/recorded/build-B"

# The demo's do_operation: one number in every output.
grep -q 'children\.[^ ]*\.do_operation$' "$T/demo.table"
ok $? "demo: do_operation is a row of the table"

# With a fixed --max-delta two graphs share a scale: the legend says so.
"$FLAMEDIFF" svg --diff --max-delta 50 "$T/base" "$T/new" -o "$T/fixed.svg"
[ $? -eq 0 ] && grep -q 'scale --max-delta' "$T/fixed.svg" &&
	grep -q '+50.00 pts' "$T/fixed.svg"
ok $? "--max-delta 50: the legend's scale ends at 50 points"

# --max-depth: nothing deeper is drawn.
"$FLAMEDIFF" svg --max-depth 2 "$T/base/run-1.folded" -o "$T/depth.svg"
[ $? -eq 0 ] && grep -q '<title>main ' "$T/depth.svg" &&
	! grep -q '<title>mid_a ' "$T/depth.svg"
ok $? "--max-depth 2: main drawn, nothing under it"

# A chain of [unknown] frames is one frame in a diff.
printf 'p;main;[unknown];[unknown];[unknown];[unknown];f 10\np;main;g 10\n' \
	>"$T/unk-b.folded"
printf 'p;main;[unknown];[unknown];[unknown];[unknown];f 30\np;main;g 10\n' \
	>"$T/unk-n.folded"
"$FLAMEDIFF" svg --diff "$T/unk-b.folded" "$T/unk-n.folded" -o "$T/unk.svg"
[ $? -eq 0 ] && [ "$(grep -c '<title>\[unknown\] ' "$T/unk.svg")" -eq 1 ]
ok $? "a chain of four [unknown] frames is drawn as one"

# --rows children,self --top 20: the table fits a mail reply.
"$FLAMEDIFF" diff --rows children,self --top 20 "$T/base" "$T/new" \
	>"$T/mail.txt"
rc=$?
long=$(awk 'length > 100' "$T/mail.txt" | wc -l)
[ $rc -eq 0 ] && [ "$long" -eq 0 ] && grep -q 'children\.' "$T/mail.txt" &&
	! grep -q calltrace "$T/mail.txt"
ok $? "--rows children,self --top 20: no line over 100 columns ($long)"

done_testing
