#!/usr/bin/env python3
"""Differential mutant test of `bcx asm` against NVIDIA's cuda-tile-translate.

Each mutant is one Tile IR text vector (custom, generic or debuginfo form, from
../shared/vectors/tileir) with exactly one change: an integer or float literal,
an element type, a shape dimension, an enum keyword, or an attribute dropped or
duplicated. Mutant I of seed S depends only on S, I and the list of vector
files, so a run can be repeated and one mutant rebuilt (--show I).

Both assemblers get each mutant at the vector's own version. The verdict pair
is counted (both accept, both refuse, bcx accepts + reference refuses, bcx
refuses + reference accepts); when both accept, the bytes are compared. Every
disagreement is saved under OUT/ with the mutant text and both messages.

--self-check runs bcx alone (no reference): bcx must not crash, and every
refusal must be one `bcx: FILE:LINE:COL: error: ...` line. docs/differential.md
has the rest.
"""
import argparse
import collections
import concurrent.futures
import os
import random
import re
import shutil
import subprocess
import sys

INT_VALUES = [
    "0", "-0", "1", "-1", "2", "127", "128", "-128", "-129", "255", "256",
    "32767", "32768", "-32768", "-32769", "65535", "65536", "2147483647",
    "2147483648", "-2147483648", "-2147483649", "4294967295", "4294967296",
    "9223372036854775807", "9223372036854775808", "-9223372036854775808",
    "-9223372036854775809", "18446744073709551615", "18446744073709551616",
    "340282366920938463463374607431768211456", "99999999999999999999999999999999",
    "true", "false", "1.0", "0x1", "0xFF", "0x8000000000000000",
]
FLOAT_VALUES = [
    "1e400", "-1e400", "1e-400", "inf", "-inf", "nan", "0.0", "-0.0", "1.0", "1.5",
    "65504.0", "65520.0", "3.4028235e38", "3.5e38", "1.7976931348623157e308",
    "4.9e-324", "0x0", "0x1", "0x7C00", "0x7FC0", "0xFC00", "0x7F800000",
    "0x7FC00000", "0xFF800000", "0x7FF0000000000000", "0x7FF8000000000000",
    "0xFFFFFFFFFFFFFFFF", "0x1FFFFFFFFFFFFFFFF", "0x123", "0x12345", "1", "-1",
    "0", "true",
]
TYPES = ["i1", "i4", "i8", "i16", "i32", "i64", "f16", "bf16", "f32", "f64", "tf32",
         "f8E4M3FN", "f8E5M2", "f8E8M0FNU", "f4E2M1FN"]
BAD_TYPES = ["i0", "i2", "i65", "i128", "f80", "f8E4M3", "index", "ui32", "si8"]
DIM_VALUES = ["0", "-1", "1", "2", "3", "5", "6", "7", "12", "100", "65536",
              "1048576", "2147483648", "4294967296", "99999999999999999999"]
ENUMS = [
    ["unsigned", "signed"],
    ["none", "no_signed_wrap", "no_unsigned_wrap", "no_wrap"],
    ["nearest_even", "zero", "negative_inf", "positive_inf", "approx", "full",
     "nearest_int_to_zero"],
    ["equal", "not_equal", "less_than", "less_than_or_equal", "greater_than",
     "greater_than_or_equal"],
    ["unordered", "ordered"],
    ["and", "or", "xor", "add", "addf", "max", "min", "umax", "umin", "xchg"],
    ["weak", "relaxed", "acquire", "release", "acq_rel"],
    ["tl_blk", "device", "sys"],
    ["zero", "neg_zero", "nan", "pos_inf", "neg_inf"],
    ["public", "private"],
]
BAD_ENUMS = ["bogus", "Zero", "signed_", "nearest", ""]

# A token may not continue an identifier, SSA name, symbol, alias or number.
NOT_AFTER = r"(?<![\w.%@#!$^+-])"
INT_RE = re.compile(NOT_AFTER + r"-?\d+(?![\w.])")
FLOAT_RE = re.compile(NOT_AFTER + r"(?:-?\d+\.\d*(?:[eE][-+]?\d+)?|0x[0-9A-Fa-f]+(?![\w.]))")
TYPE_RE = re.compile(r"(?:(?<![\w.%@#!$^])|(?<=\dx))(?:" + "|".join(
    sorted(TYPES, key=len, reverse=True)) + r")(?!\w)")
DIM_RE = re.compile(r"(?:(?<=[<(x?])|(?<=\dx))(\d+)(?=x(?![0-9A-Fa-f]+(?![\w])))|(?<=\dx)(\d+)(?=[)>x])")
ENUM_WORDS = sorted({w for e in ENUMS for w in e}, key=len, reverse=True)
ENUM_RE = re.compile(r"(?<![\w.%@#!$^\"])(?:" + "|".join(ENUM_WORDS) + r")(?![\w\"])")
ATTR_RE = re.compile(r"(?<![\w.%@#!$^\"])[a-z_][a-z0-9_]*\s?=\s?(?![=>])")
SKIP_RE = re.compile(r'"(?:\\.|[^"\\\n])*"|//[^\n]*')
VECTOR_RE = re.compile(r"\.v(13\.[123])\.(?:generic\.|debuginfo\.)?mlir$")
LOC_RE = re.compile(r":\d+:\d+: error: (.*)")
CRASH_MARKS = ("Sanitizer", "runtime error:", "Segmentation fault", "Aborted")


def skip_spans(text):
    """Spans of strings and comments: nothing inside them is mutated."""
    return [m.span() for m in SKIP_RE.finditer(text)]


def outside(spans, pos):
    lo, hi = 0, len(spans)
    while lo < hi:
        mid = (lo + hi) // 2
        if spans[mid][1] <= pos:
            lo = mid + 1
        else:
            hi = mid
    return lo == len(spans) or spans[lo][0] > pos


def value_end(text, i, spaced):
    """End of an attribute value that starts at i: the first ',' or closer
    at depth 0 (strings skipped; '->' is no closer). An unspaced `key=value`
    (custom form) also ends at a space."""
    depth = 0
    n = len(text)
    while i < n:
        c = text[i]
        if c == '"':
            i += 1
            while i < n and text[i] != '"':
                i += 2 if text[i] == "\\" else 1
        elif c == "-" and i + 1 < n and text[i + 1] == ">":
            i += 1
        elif c in "<([{":
            depth += 1
        elif c in ">)]}":
            if depth == 0:
                return i
            depth -= 1
        elif depth == 0 and (c in ",\n" or (c == " " and not spaced)):
            return i
        i += 1
    return n


class Seed:
    def __init__(self, path, version):
        self.path = path
        self.version = version
        with open(path, encoding="utf-8", errors="surrogateescape") as f:
            self.text = f.read()
        spans = skip_spans(self.text)
        self.sites = {}
        for kind, rx in (("int", INT_RE), ("float", FLOAT_RE), ("type", TYPE_RE),
                         ("dim", DIM_RE), ("enum", ENUM_RE), ("attr", ATTR_RE)):
            found = []
            for m in rx.finditer(self.text):
                g = m.lastindex or 0
                span = m.span(g) if g else m.span()
                if outside(spans, span[0]):
                    found.append(span)
            if found:
                self.sites[kind] = found


def replacement(rng, kind, old):
    if kind == "int":
        pool = INT_VALUES
    elif kind == "float":
        pool = FLOAT_VALUES
    elif kind == "type":
        pool = TYPES * 3 + BAD_TYPES
    elif kind == "dim":
        pool = DIM_VALUES
    else:  # enum: mostly its own enum, sometimes another's, sometimes none
        own = [e for e in ENUMS if old in e]
        r = rng.random()
        if r < 0.7 and own:
            pool = rng.choice(own)
        elif r < 0.9:
            pool = ENUM_WORDS
        else:
            pool = BAD_ENUMS
    choices = [v for v in pool if v != old]
    return rng.choice(choices)


def mutate(seeds, seed, index):
    """Mutant `index` of run `seed`: (seed object, text, description, line)."""
    rng = random.Random("%d:%d" % (seed, index))
    s = seeds[rng.randrange(len(seeds))]
    kinds = sorted(s.sites)
    kind = rng.choice(kinds)
    start, end = rng.choice(s.sites[kind])
    t = s.text
    old = t[start:end]
    if kind == "attr":
        vend = value_end(t, end, old.endswith(" "))
        entry = t[start:vend]
        if rng.random() < 0.5:
            if t.startswith(", ", vend):
                text = t[:start] + t[vend + 2:]
            elif t[:start].endswith(", "):
                text = t[:start - 2] + t[vend:]
            else:
                text = t[:start] + t[vend:]
            desc = "attr-drop %r" % entry
        else:
            text = t[:vend] + ", " + entry + t[vend:]
            desc = "attr-dup %r" % entry
    else:
        new = replacement(rng, kind, old)
        text = t[:start] + new + t[end:]
        desc = "%s %r -> %r" % (kind, old, new)
    line = t.count("\n", 0, start) + 1
    return s, text, desc, line


def find_seeds(root):
    out = []
    for d, subdirs, files in os.walk(root):
        subdirs[:] = sorted(x for x in subdirs if x != "reference-tests")
        for f in sorted(files):
            m = VECTOR_RE.search(f)
            if m:
                out.append((os.path.join(d, f), m.group(1)))
    out.sort()
    return out


def run(cmd, timeout=60):
    try:
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           timeout=timeout)
        return p.returncode, p.stderr.decode("utf-8", "replace")
    except subprocess.TimeoutExpired:
        return "timeout", "timed out after %d s" % timeout


def read_bytes(path):
    try:
        with open(path, "rb") as f:
            return f.read()
    except OSError:
        return None


def bcx_check(rc, err, path):
    """Problems with bcx's answer itself: a crash, or a refusal that is not
    `bcx: FILE:LINE:COL: error: ...`."""
    if rc == "timeout" or not isinstance(rc, int) or rc < 0 or rc not in (0, 1):
        return "crash (exit %s)" % rc
    if any(mark in err for mark in CRASH_MARKS):
        return "crash (sanitizer report)"
    if rc == 1:
        first = err.split("\n", 1)[0]
        if re.match(r"bcx: " + re.escape(path) + r":\d+:\d+: error: \S", first):
            return None
        return "refusal without FILE:LINE:COL"
    return None


class Runner:
    def __init__(self, args):
        self.a = args
        self.work = os.path.join(args.out, "work")
        os.makedirs(self.work, exist_ok=True)

    def assemble(self, slot, text, version):
        src = os.path.join(self.work, "m%d.mlir" % slot)
        out_b = os.path.join(self.work, "m%d.bcx.tileirbc" % slot)
        out_r = os.path.join(self.work, "m%d.ref.tileirbc" % slot)
        for p in (out_b, out_r):
            if os.path.exists(p):
                os.unlink(p)
        with open(src, "w", encoding="utf-8", errors="surrogateescape") as f:
            f.write(text)
        res = {"src": src}
        res["bcx"] = run([self.a.bcx, "asm", "--target", version, src, "-o", out_b])
        res["bcx_bytes"] = read_bytes(out_b) if res["bcx"][0] == 0 else None
        res["problem"] = bcx_check(res["bcx"][0], res["bcx"][1], src)
        if self.a.ref:
            res["ref"] = run([self.a.ref, "-mlir-to-cudatilebc", "-no-implicit-module",
                              "-bytecode-version=" + version, src, "-o", out_r])
            # The reference exits 0 after some verifier errors (tanh's
            # rounding mode): an error it prints is its verdict.
            res["ref_ok"] = res["ref"][0] == 0 and ": error: " not in res["ref"][1]
            res["ref_bytes"] = read_bytes(out_r) if res["ref_ok"] else None
            if res["bcx"][0] == 0 and not res["ref_ok"]:
                res["verify"] = run([self.a.bcx, "verify", out_b])
        return res


def verdict(res):
    b = res["bcx"][0] == 0
    r = res["ref_ok"]
    if b and r:
        return "both-accept"
    if not b and not r:
        return "both-refuse"
    return "bcx-accepts-ref-refuses" if b else "bcx-refuses-ref-accepts"


def first_error(msg):
    for ln in msg.splitlines():
        m = LOC_RE.search(ln)
        if m:
            return m.group(1)
        if "error:" in ln:
            return ln.split("error:", 1)[1].strip()
    return msg.strip().split("\n", 1)[0]


def cause_key(kind, msg):
    """Group disagreements by mutation kind and the message's shape."""
    m = re.sub(r"'[^']*'", "'_'", first_error(msg))
    m = re.sub(r"\d+", "N", m)
    return kind + " | " + m


def save(args, index, label, seed, desc, line, res):
    d = os.path.join(args.out, label)
    os.makedirs(d, exist_ok=True)
    stem = os.path.join(d, "%05d" % index)
    shutil.copyfile(res["src"], stem + ".mlir")
    with open(stem + ".txt", "w", encoding="utf-8") as f:
        f.write("seed file: %s (version %s)\nmutation: %s at line %d\n" %
                (seed.path, seed.version, desc, line))
        f.write("\n== bcx asm (exit %s)\n%s" % (res["bcx"][0], res["bcx"][1]))
        if "ref" in res:
            f.write("\n== cuda-tile-translate (exit %s)\n%s" % (res["ref"][0], res["ref"][1]))
        if "verify" in res:
            f.write("\n== bcx verify of bcx's bytes (exit %s)\n%s" % res["verify"])
    return stem + ".mlir"


def baseline(args, runner, seeds):
    """Seeds both tools accept; which of them give equal bytes."""
    usable, notes = [], []

    def one(k):
        return runner.assemble(100000 + k, seeds[k].text, seeds[k].version)

    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        results = list(pool.map(one, range(len(seeds))))
    for s, res in zip(seeds, results):
        v = verdict(res)
        if v != "both-accept":
            notes.append("%s: %s" % (s.path, v))
            continue
        s.same_bytes = res["bcx_bytes"] == res["ref_bytes"]
        usable.append(s)
    return usable, notes


def report(args, counts, kinds, causes, problems, notes, seeds, byte_stats):
    lines = []
    order = ["both-accept", "both-refuse", "bcx-accepts-ref-refuses",
             "bcx-refuses-ref-accepts", "bcx-accepts", "bcx-refuses"]
    total = sum(counts[v] for v in order)
    lines.append("mutants: %d (seed %d, %d vector files)" % (total, args.seed, len(seeds)))
    for v in order:
        if v in counts:
            lines.append("  %-26s %6d" % (v, counts[v]))
    if byte_stats:
        lines.append("both accept, bytes: equal %d, differ %d, not compared %d "
                     "(the seed's own bytes differ)" % (byte_stats["equal"],
                                                       byte_stats["differ"],
                                                       byte_stats["skip"]))
    lines.append("bcx problems (crash or refusal without FILE:LINE:COL): %d" % len(problems))
    for p in problems[:20]:
        lines.append("  " + p)
    lines.append("by mutation kind (verdict: count):")
    for k in sorted(kinds):
        lines.append("  %-6s %s" % (k, ", ".join("%s %d" % kv for kv in sorted(kinds[k].items()))))
    for label in ("bcx-accepts-ref-refuses", "bcx-refuses-ref-accepts", "bytes-differ"):
        groups = causes.get(label)
        if not groups:
            continue
        lines.append("%s, grouped by kind and message (count, how many `bcx verify` of"
                     " bcx's bytes refuses, first mutant):" % label)
        for key, (n, caught, example) in sorted(groups.items(), key=lambda kv: -kv[1][0]):
            lines.append("  %5d %5d  %s\n               %s" % (n, caught, key, example))
    if notes:
        lines.append("vector files left out (not accepted by both as they are): %d" % len(notes))
        lines.extend("  " + n for n in notes)
    text = "\n".join(lines) + "\n"
    with open(os.path.join(args.out, "summary.txt"), "w", encoding="utf-8") as f:
        f.write(text)
    sys.stdout.write(text)


def parse_args():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    here = os.path.dirname(os.path.abspath(__file__))
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--count", type=int, default=10000)
    p.add_argument("--out", default="mutants-out")
    p.add_argument("--jobs", type=int, default=2, choices=[1, 2])
    p.add_argument("--bcx", default=shutil.which("bcx") or "bcx")
    p.add_argument("--ref", default=shutil.which("cuda-tile-translate"),
                   help="the reference tool (default: cuda-tile-translate on PATH)")
    p.add_argument("--vectors", default=os.path.join(here, "..", "..", "..", "shared",
                                                     "vectors", "tileir"))
    p.add_argument("--self-check", action="store_true",
                   help="bcx only: no crash, every refusal with FILE:LINE:COL")
    p.add_argument("--show", type=int, metavar="I",
                   help="print mutant I (its seed file and change on stderr) and exit")
    a = p.parse_args()
    if a.self_check:
        a.ref = None
    return a


def main():
    args = parse_args()
    found = find_seeds(args.vectors)
    if not found:
        print("no vector text under %s" % args.vectors, file=sys.stderr)
        return 77
    seeds = [s for s in (Seed(p, v) for p, v in found) if s.sites]
    if args.show is not None:
        s, text, desc, line = mutate(seeds, args.seed, args.show)
        print("%s (version %s): %s at line %d" % (s.path, s.version, desc, line), file=sys.stderr)
        sys.stdout.write(text)
        return 0
    os.makedirs(args.out, exist_ok=True)
    runner = Runner(args)
    notes = []
    if args.ref:
        seeds, notes = baseline(args, runner, seeds)
    counts = collections.Counter()
    kinds = collections.defaultdict(collections.Counter)
    causes = collections.defaultdict(dict)
    problems = []
    byte_stats = collections.Counter() if args.ref else None
    tsv = open(os.path.join(args.out, "verdicts.tsv"), "w", encoding="utf-8")
    tsv.write("index\tverdict\tbytes\tversion\tseed_file\tline\tmutation\n")

    def one(i):
        s, text, desc, line = mutate(seeds, args.seed, i)
        return i, s, desc, line, runner.assemble(i % (4 * args.jobs) + 1, text, s.version)

    def record(i, s, desc, line, res):
        kind = desc.split(" ", 1)[0]
        if args.ref:
            v = verdict(res)
        else:
            v = "bcx-accepts" if res["bcx"][0] == 0 else "bcx-refuses"
        counts[v] += 1
        kinds[kind][v] += 1
        same = ""
        if v == "both-accept":
            if not s.same_bytes:
                byte_stats["skip"] += 1
                same = "-"
            elif res["bcx_bytes"] == res["ref_bytes"]:
                byte_stats["equal"] += 1
                same = "equal"
            else:
                byte_stats["differ"] += 1
                same = "differ"
        label = None
        if res["problem"]:
            label = "bcx-problem"
            problems.append("%05d %s: %s" % (i, res["problem"], desc))
        elif v in ("bcx-accepts-ref-refuses", "bcx-refuses-ref-accepts"):
            label = v
        elif same == "differ":
            label = "bytes-differ"
        if label:
            path = save(args, i, label, s, desc, line, res)
            if label != "bcx-problem":
                msg = res["ref"][1] if v == "bcx-accepts-ref-refuses" else res["bcx"][1]
                key = cause_key(kind, msg) if label != "bytes-differ" else kind
                n, caught, ex = causes[label].get(key, (0, 0, path))
                caught += "verify" in res and res["verify"][0] == 1
                causes[label][key] = (n + 1, caught, ex)
        tsv.write("%d\t%s\t%s\t%s\t%s\t%d\t%s\n" % (i, v, same, s.version, s.path, line,
                                                     desc.replace("\t", " ").replace("\n", "\\n")))

    # Batches keep each work slot used by one mutant at a time.
    batch = 4 * args.jobs
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        for b in range(0, args.count, batch):
            for r in pool.map(one, range(b, min(b + batch, args.count))):
                record(*r)
            if b % 500 == 0 and b:
                tsv.flush()
                print("  %d/%d %s" % (b, args.count, dict(counts)), file=sys.stderr, flush=True)
    tsv.close()
    shutil.rmtree(runner.work, ignore_errors=True)
    report(args, counts, kinds, causes, problems, notes, seeds, byte_stats)
    if problems:
        return 1
    return 1 if counts.get("bcx-accepts-ref-refuses") else 0


if __name__ == "__main__":
    sys.exit(main())
