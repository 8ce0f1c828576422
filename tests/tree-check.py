#!/usr/bin/env python3
# tests/t-diff-tree.sh's judge of a `diff --format tree` output against the
# SVG of the same comparison (svg --diff --minwidth 0: every frame) and its
# table (diff --all --format csv), frame by frame:
#
#   tree-check.py TREE SVG CSV [folded=FILE] [width=N] [lines=N] [depth=N]
#                 [top=N] [table=N]
#
# Each line of the tree is put back on its call path (its prefix says
# where), and that path's SVG frame is found by the frames' geometry (a
# frame's caller is the frame of the row below that holds it). Then:
#  - base, new and change are the frame's tooltip's, character for
#    character, and the mark is its verdict ('+'/'-': changed, by the
#    change's sign; ' ': not changed);
#  - for a function of one call path, they are its children row's: mean
#    of each side and change to two decimals, and the row's changed flag.
#    One path: one frame in the graph and, given folded= (diff --format
#    folded of the same sides), one path in any run, since a path below
#    0.05% in every run is no frame of the graph (LKP's floor) while the
#    children row still counts it; at least table= functions compared;
#  - every line fits width columns (frame lines are exactly width), at
#    most lines lines, no path deeper than depth, every leaf of the tree is
#    a changed frame, at most top leaves, and the largest change of any
#    changed frame (within depth) is on it, and none left out moved more
#    than the end of a path on it.
# Prints what it compared; exits 1 with "FAIL ..." lines on any mismatch.
import csv
import html
import re
import sys

args = sys.argv[1:4]
opt = dict(a.split("=", 1) for a in sys.argv[4:])
width = int(opt.get("width", 72))
max_lines = int(opt.get("lines", 0))
max_depth = int(opt.get("depth", 0))
top = int(opt.get("top", 0))
fails = []


def fail(msg):
    fails.append(msg)


def same_name(shown, full):
    """shown is full, or full with its middle elided to '..'."""
    if shown == full:
        return True
    if ".." not in shown:
        return False
    head, tail = shown.split("..", 1)
    return (len(shown) < len(full) and full.startswith(head) and
            full.endswith(tail))


# --- The tree ----------------------------------------------------------
text = open(args[0], encoding="utf-8").read()
lines = text.split("\n")
if lines and lines[-1] == "":
    lines.pop()
if not lines:
    fail("the tree is empty")
for i, l in enumerate(lines):
    if len(l) > width:
        fail("line %d is %d columns: %r" % (i + 1, len(l), l))
if max_lines and len(lines) > max_lines:
    fail("%d lines, more than %d" % (len(lines), max_lines))

pat = re.compile(r"^([-+ ]) (.*?) +(\d+\.\d\d) +(\d+\.\d\d) +([-+]\d+\.\d\d)$")
GLYPHS = ("|-", "`-", "| ", "  ")
tree = []  # dicts: mark, name, col, base, new, change, parent index
for i, l in enumerate(lines):
    m = pat.match(l)
    if not m:
        continue
    if len(l) != width:
        fail("frame line %d is %d columns, not %d" % (i + 1, len(l), width))
    field = m.group(2)
    k = 0
    while field[k:k + 2] in GLYPHS:
        k += 2
    prefix, name = field[:k], field[k:]
    node = {"mark": m.group(1), "name": name, "col": k, "line": i + 1,
            "base": m.group(3), "new": m.group(4), "change": m.group(5)}
    if prefix.endswith("|-") or prefix.endswith("`-"):
        # a caller's callee among several: the caller is the last line
        # two columns left, or the root
        node["parent"] = None
        for j in range(len(tree) - 1, -1, -1):
            if tree[j]["col"] == k - 2:
                node["parent"] = j
                break
    else:
        # the only callee of the line above (a chain reads down)
        node["parent"] = len(tree) - 1 if tree else None
        if tree and tree[-1]["col"] != k:
            fail("line %d: a callee off its caller's column" % (i + 1))
    parent = node["parent"]
    node["path"] = (tree[parent]["path"] if parent is not None else ()) + (name,)
    tree.append(node)
if not tree:
    fail("no frame line in the tree")

# --- The SVG -----------------------------------------------------------
svg = open(args[1], encoding="utf-8").read()
frames = []
for m in re.finditer(r'<g(?: class="[^"]*")?><title>(.*?)</title><rect '
                     r'x="([\d.]+)" y="([\d.]+)" width="([\d.]+)"', svg, re.S):
    t = html.unescape(m.group(1)).split("\n")
    h = re.match(r"^(.*) \(base ([\d.]+)%, new ([\d.]+)%, ([-+][\d.]+) pts\)$",
                 t[0])
    if not h:
        continue
    frames.append({"name": h.group(1), "base": h.group(2), "new": h.group(3),
                   "change": h.group(4), "changed": "verdict: changed" in t,
                   "process": "process" in t, "x": float(m.group(2)),
                   "y": float(m.group(3)), "w": float(m.group(4))})
if not frames:
    fail("no frame in the SVG")
else:
    root = max(frames, key=lambda f: f["y"])
    ys = sorted(set(f["y"] for f in frames))
    step = min((b - a for a, b in zip(ys, ys[1:])), default=1)
    rows = {}
    for f in frames:
        f["depth"] = int(round((root["y"] - f["y"]) / step))
        rows.setdefault(f["depth"], []).append(f)
    for d in sorted(rows):
        for f in rows[d]:
            if d == 0:
                f["path"] = ()
                continue
            best, over = None, -1
            for c in rows.get(d - 1, []):
                if c["x"] - 0.02 <= f["x"] and f["x"] + f["w"] <= c["x"] + c["w"] + 0.02:
                    o = min(f["x"] + f["w"], c["x"] + c["w"]) - max(f["x"], c["x"])
                    if o > over:
                        best, over = c, o
            f["path"] = (best["path"] + (f["name"],)) if best and "path" in best else None

# --- The table ---------------------------------------------------------
rows_by_fn = {}
with open(args[2], newline="", encoding="utf-8") as fh:
    for r in csv.DictReader(fh):
        m = re.match(r"^perf-profile\.children\.[^.]+\.(.+)$", r["key"])
        if m:
            rows_by_fn[m.group(1)] = r
if not rows_by_fn:
    fail("no children row in the CSV")

# --- The call paths of every function, as the runs have them -----------
paths_of = None
if "folded" in opt:
    paths_of = {}
    for l in open(opt["folded"], encoding="utf-8", errors="replace"):
        if l.startswith("#"):
            continue
        stack = l.rsplit(" ", 2)[0].split(";")
        names = [re.sub(r"_\[[a-z]\]$", "", x) for x in stack]
        for i in range(1, len(names)):
            paths_of.setdefault(names[i], set()).add(tuple(names[:i + 1]))

# --- Frame by frame ----------------------------------------------------
by_svg = by_table = 0
for n in tree:
    if max_depth and len(n["path"]) > max_depth:
        fail("line %d: %s deeper than %d" % (n["line"], n["name"], max_depth))
    cand = [f for f in frames if f.get("path") is not None and
            len(f["path"]) == len(n["path"]) and
            all(same_name(a, b) for a, b in zip(n["path"], f["path"]))]
    if len(cand) != 1:
        fail("line %d: %s: %d SVG frames on its path" % (n["line"], ";".join(n["path"]), len(cand)))
        continue
    f = cand[0]
    mine = (n["base"], n["new"], n["change"])
    if mine != (f["base"], f["new"], f["change"]):
        fail("line %d: %s: tree %s/%s/%s, tooltip %s/%s/%s" %
             ((n["line"], f["name"]) + mine + (f["base"], f["new"], f["change"])))
    want = " " if not f["changed"] else ("-" if f["change"].startswith("-") else "+")
    if n["mark"] != want:
        fail("line %d: %s: mark %r, tooltip verdict %s" %
             (n["line"], f["name"], n["mark"], f["changed"]))
    n["frame"] = f
    by_svg += 1
    same = [g for g in frames if g["name"] == f["name"] and g["depth"] > 0]
    r = rows_by_fn.get(f["name"])
    one = paths_of is None or len(paths_of.get(f["name"], ())) == 1
    if len(same) == 1 and one and not f["process"] and r:
        got = ("%.2f" % float(r["base_mean"]), "%.2f" % float(r["new_mean"]),
               "%+.2f" % float(r["change"]))
        if mine != got:
            fail("line %d: %s: tree %s/%s/%s, table %s/%s/%s" %
                 ((n["line"], f["name"]) + mine + got))
        if (n["mark"] != " ") != (r["changed"] == "1"):
            fail("line %d: %s: mark %r, table changed=%s" %
                 (n["line"], f["name"], n["mark"], r["changed"]))
        by_table += 1

# The leaves are changed frames, at most top of them; the largest change
# of the graph is on the tree.
has_kids = set(n["parent"] for n in tree)
leaves = [n for i, n in enumerate(tree) if i not in has_kids]
for n in leaves:
    if n["mark"] == " ":
        fail("line %d: %s ends a path but did not change" % (n["line"], n["name"]))
if top and len(leaves) > top:
    fail("%d paths end on the tree, more than --top %d" % (len(leaves), top))
changed = [abs(float(f["change"])) for f in frames if f["changed"] and
           (not max_depth or f["depth"] <= max_depth)]
shown = [abs(float(n["change"])) for n in tree if n["mark"] != " "]
if changed and (not shown or max(shown) != max(changed)):
    fail("the largest change of the graph (%.2f) is not on the tree" % max(changed))

# Largest first: no changed frame left out moved more than a path's end.
on_tree = set(id(n["frame"]) for n in tree if "frame" in n)
left = [abs(float(f["change"])) for f in frames if f["changed"] and
        id(f) not in on_tree and (not max_depth or f["depth"] <= max_depth)]
ends = [abs(float(n["change"])) for n in leaves]
if left and ends and max(left) > min(ends):
    fail("a changed frame left out moved %.2f, more than a path's end (%.2f)"
         % (max(left), min(ends)))

print("%d lines, %d frames: %d compared with the SVG, %d with the table; "
      "%d paths end on it" % (len(lines), len(tree), by_svg, by_table, len(leaves)))
if by_table < int(opt.get("table", 1)):
    fail("only %d frames compared with the table" % by_table)
for m in fails[:20]:
    print("FAIL " + m)
sys.exit(1 if fails else 0)
