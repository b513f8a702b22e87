#!/usr/bin/env python3
"""Generate bcx's table of MLIR op property layouts for one MLIR release.

The facts come from MLIR's own op definitions: mlir-tblgen-N is run with
-gen-op-decls and -gen-op-defs over every .td file of the release's
include/mlir tree, and the generated C++ is read for each op's name, its
inherent attribute names (getAttributeNames), its writeProperties body (the
bytecode layout of its properties, field by field) and its
populateDefaultProperties body (the defaults of default-valued attributes).

Usage:
  mlirgen.py --release N [--td-root DIR] [--flang-root DIR] [--tblgen PROG] [-o FILE]

Flang's dialects (fir, hlfir, cuf) are added from libflang-N-dev's .td
files when they are installed (--flang-root; "none" leaves them out).

--td-root is the folder that holds include/mlir's "mlir" directory's parent
(the -I path, e.g. /usr/lib/llvm-22/include). Without it the release's own
/usr/lib/llvm-N/include is used when present, else libmlir-N-dev is fetched
with `apt-get download` and unpacked with `dpkg-deb -x` into a temporary
folder (nothing is installed).

Output (an X-macro file, sorted by op name for binary search):
  MBC_OP("dialect.op", "FIELDS", "INHERENT", "DEFAULTS", "TYPES")
FIELDS lists the properties encoding in write order, space separated:
  name        a required attribute (an attribute table index)
  name?       an optional attribute (0, or index << 1 | 1)
  name#K<     segment sizes of K groups as a DenseI32ArrayAttr, version < 6
  name#K>     the same as a sparse array, version >= 6
  name:e      an enum property written as a varint (printed N : i32)
  name:b      a bool property written as one byte (printed as unit or false)
  name:o      an optional integer property: a bool byte, then a varint
              when present (printed [] or [N])
FIELDS is "-" for a release without native properties (MLIR 16).
INHERENT lists the inherent attribute names (space separated).
DEFAULTS lists name=TEXT pairs separated by ';' for the default-valued
attributes; TEXT is the default in MLIR syntax when this generator can
spell it, else empty. A dialect enum attribute's default is spelled from
its TableGen records (llvm-tblgen-N --dump-json, when installed).
TYPES lists name=StorageType pairs separated by ';' for the attribute
fields (the C++ class of the attribute, without "::mlir::").
Python 3 standard library only.
"""

import argparse
import concurrent.futures
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

SECTION = re.compile(r"^// ((?:::)?[A-Za-z0-9_]+(?:::[A-Za-z0-9_]+)*) (declarations|definitions)$")
OPNAME = re.compile(r'return ::llvm::StringLiteral\("([^"]+)"\);')
ATTRNAMES = re.compile(r"static ::llvm::StringRef attrNames\[\] = \{(.*)\};")
PROPTY = re.compile(r"using (\w+)Ty = (.+);$")
SEGTY = re.compile(r"using (operandSegmentSizes|resultSegmentSizes)Ty = std::array<int32_t, (\d+)>;")
WRITE_START = re.compile(r"^void [A-Za-z0-9_]+::writeProperties\(::mlir::DialectBytecodeWriter &writer\) \{")
DEFAULTS_START = re.compile(r"^void [A-Za-z0-9_]+::populateDefaultProperties\(")


class Unknown(Exception):
    """A writeProperties statement this generator does not understand."""


def run_tblgen(tblgen, roots, td):
    outs = []
    incs = [x for r in roots for x in ("-I", r)]
    for gen in ("-gen-op-decls", "-gen-op-defs"):
        p = subprocess.run([tblgen, gen] + incs + ["-I", os.path.dirname(td), td],
                           stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        outs.append(p.stdout if p.returncode == 0 else "")
    return outs


def sections(text, kind):
    """Split generated C++ into {qualified class: lines} for one kind."""
    out, cur = {}, None
    for line in text.splitlines():
        m = SECTION.match(line)
        if m:
            cur = m.group(1) if m.group(2) == kind else None
            if cur is not None:
                out.setdefault(cur, [])
            continue
        if cur is not None:
            out[cur].append(line)
    return out


def parse_decls(lines):
    name, inherent, segs, prev, types = None, [], {}, "", {}
    for line in lines:
        m = PROPTY.search(line.strip())
        if m and m.group(1) not in types:
            types[m.group(1)] = re.sub(r"^::mlir::", "", m.group(2))
        m = OPNAME.search(line)
        if m and name is None and "getOperationName" in prev:
            name = m.group(1)
        m = ATTRNAMES.search(line)
        if m and not inherent:
            inherent = re.findall(r'StringRef\("([^"]*)"\)', m.group(1))
        m = SEGTY.search(line)
        if m:
            segs[m.group(1)] = int(m.group(2))
        prev = line
    return name, inherent, segs, types


def body(lines, start):
    """The lines of the function whose first line matches start."""
    for i, line in enumerate(lines):
        if start.match(line):
            out, depth = [], 1
            for l in lines[i + 1:]:
                depth += l.count("{") - l.count("}")
                if depth == 0:
                    return out
                out.append(l)
    return None


def parse_write(lines, segs):
    """writeProperties into FIELDS tokens."""
    toks, i = [], 0
    while i < len(lines):
        s = lines[i].strip()
        i += 1
        if not s or s.startswith("auto &prop = getProperties()"):
            continue
        m = re.fullmatch(r"writer\.writeOptionalAttribute\(prop\.(\w+)\);", s)
        if m:
            toks.append(m.group(1) + "?")
            continue
        m = re.fullmatch(r"writer\.writeAttribute\(prop\.(\w+)\);", s)
        if m:
            toks.append(m.group(1))
            continue
        if s.startswith("if (writer.getBytecodeVersion() < /*kNativePropertiesODSSegmentSize=*/6) {"):
            m = re.fullmatch(r"auto &propStorage = prop\.(\w+);", lines[i].strip())
            if not m or m.group(1) not in segs or "DenseI32ArrayAttr::get" not in lines[i + 1]:
                raise Unknown(s)
            toks.append("%s#%d<" % (m.group(1), segs[m.group(1)]))
            i += 3
            continue
        if s == "{":
            block = []
            while lines[i].strip() != "}":
                block.append(lines[i].strip())
                i += 1
            i += 1
            toks.append(custom_field(block, segs))
            continue
        raise Unknown(s)
    return toks


def custom_field(block, segs):
    m = re.fullmatch(r"auto &propStorage = prop\.(\w+);", block[0])
    if not m:
        raise Unknown(block[0])
    name = m.group(1)
    code = " ".join(x for x in block[1:] if x and x != ";")
    if name in segs and "writer.writeSparseArray(::llvm::ArrayRef(propStorage));" in code \
            and ">= /*kNativePropertiesODSSegmentSize=*/6" in code:
        return "%s#%d>" % (name, segs[name])
    if code == "writer.writeVarInt(static_cast<uint64_t>(propStorage));;":
        return name + ":e"
    if code == "writer.writeOwnedBool(propStorage);;":
        return name + ":b"
    if code == ("writer.writeOwnedBool(propStorage.has_value()); if (propStorage.has_value()) { "
                "writer.writeVarInt((*(propStorage))); };"):
        return name + ":o"
    raise Unknown(code)


# Defaults whose MLIR spelling follows from the C++ expression alone.
DEFAULT_FORMS = [
    (r"odsBuilder\.getIntegerAttr\(odsBuilder\.getIntegerType\((\d+)\), (-?\d+)\)",
     lambda m: "%s : i%s" % (m.group(2), m.group(1))),
    (r"odsBuilder\.getBoolAttr\((true|false)\)", lambda m: m.group(1)),
    (r"odsBuilder\.getDenseI(\d+)ArrayAttr\(\{\}\)", lambda m: "array<i%s>" % m.group(1)),
    (r"odsBuilder\.getI(\d+)ArrayAttr\(\{\}\)", lambda m: "[]"),
    (r"odsBuilder\.getArrayAttr\(\{\}\)", lambda m: "[]"),
    (r'odsBuilder\.getStringAttr\("([^"\\]*)"\)', lambda m: '"%s"' % m.group(1)),
    (r"::mlir::arith::FastMathFlagsAttr::get\(odsBuilder\.getContext\(\), "
     r"::mlir::arith::FastMathFlags::none\)", lambda m: "#arith.fastmath<none>"),
    (r"::mlir::arith::IntegerOverflowFlagsAttr::get\(odsBuilder\.getContext\(\), "
     r"::mlir::arith::IntegerOverflowFlags::none\)", lambda m: "#arith.overflow<none>"),
    (r"::mlir::LLVM::FastmathFlagsAttr::get\(odsBuilder\.getContext\(\), \{\}\)",
     lambda m: "#llvm.fastmath<none>"),
]


# A dialect enum attribute's default: spelled from the attribute's and the
# enum's TableGen records (enum_spellings), as MLIR prints EnumAttr.
ENUM_DEFAULT = re.compile(r"(::[\w:]+)::(\w+Attr)::get\(odsBuilder\.getContext\(\), "
                          r"(?:[\w:]*::)?(\w+)::(\w+)\)")


def parse_defaults(lines, enums):
    out = []
    for line in lines or []:
        m = re.fullmatch(r"\s*properties\.(\w+) = (.*);", line)
        if not m:
            continue
        text = ""
        for pat, spell in DEFAULT_FORMS:
            d = re.fullmatch(pat, m.group(2))
            if d:
                text = spell(d)
                break
        e = None if text else ENUM_DEFAULT.fullmatch(m.group(2))
        if e and (e.group(1), e.group(2)) in enums:
            text = enums[(e.group(1), e.group(2))].get((e.group(3), e.group(4)), "")
        out.append("%s=%s" % (m.group(1), text))
    return out


def enum_spellings(tblgen, roots, td):
    """{(namespace, attr class): {(enum, case symbol): text}} of the EnumAttr
    records a .td file sees (llvm-tblgen --dump-json), for the two formats
    MLIR's EnumAttr has: `<` $value `>` prints #dialect.mnemonic<case>, and
    $value #dialect<mnemonic case>."""
    incs = [x for r in roots for x in ("-I", r)]
    p = subprocess.run([tblgen, "--dump-json"] + incs + ["-I", os.path.dirname(td), td],
                       stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    if p.returncode != 0:
        return {}
    recs = json.loads(p.stdout)
    out = {}
    for a in recs.values():
        if not isinstance(a, dict) or "EnumAttr" not in a.get("!superclasses", []):
            continue
        fmt = " ".join((a.get("assemblyFormat") or "").split())
        dialect = recs[a["dialect"]["def"]]["name"]
        enum = recs[a["enum"]["def"]]
        form = {"`<` $value `>`": "#%s.%s<%s>", "$value": "#%s<%s %s>"}.get(fmt)
        if not form or not a.get("mnemonic"):
            continue
        cases = {}
        for c in enum["enumerants"]:
            c = recs[c["def"]]
            cases[(enum["className"], c["symbol"])] = form % (dialect, a["mnemonic"], c["str"])
        out[(a["cppNamespace"], a["cppClassName"])] = cases
    return out


def td_files(root, sub):
    out = []
    for d, _, files in os.walk(os.path.join(root, sub)):
        out += [os.path.join(d, f) for f in files if f.endswith(".td")]
    return sorted(out)


def fetch_root(release, tmp):
    """libmlir-N-dev's include folder, unpacked without installing."""
    subprocess.run(["apt-get", "download", "libmlir-%d-dev" % release], cwd=tmp, check=True,
                   stdout=subprocess.DEVNULL)
    deb = [f for f in os.listdir(tmp) if f.endswith(".deb")][0]
    subprocess.run(["dpkg-deb", "-x", deb, "x"], cwd=tmp, check=True)
    return os.path.join(tmp, "x", "usr", "lib", "llvm-%d" % release, "include")


def tool_version(tblgen):
    p = subprocess.run([tblgen, "--version"], stdout=subprocess.PIPE, text=True)
    m = re.search(r"version (\S+)", p.stdout)
    return m.group(1) if m else "unknown"


def collect(tblgen, root, flang, jobs, json_tblgen):
    ops, problems = {}, []
    files = td_files(root, "mlir")
    roots = [root]
    if flang:
        files += td_files(flang, "flang")
        roots.append(flang)
    with concurrent.futures.ThreadPoolExecutor(jobs) as ex:
        results = list(ex.map(lambda td: run_tblgen(tblgen, roots, td), files))
        # the records of the files whose defaults name a dialect enum
        need = [td for td, (_, defs) in zip(files, results) if ENUM_DEFAULT.search(defs)]
        enums = {}
        if json_tblgen:
            for found in ex.map(lambda td: enum_spellings(json_tblgen, roots, td), need):
                enums.update(found)
    for decls, defs in results:
        dsec = sections(decls, "declarations")
        fsec = sections(defs, "definitions")
        for cls, lines in dsec.items():
            name, inherent, segs, types = parse_decls(lines)
            if not name or name in ops:
                continue
            flines = fsec.get(cls, [])
            wb = body(flines, WRITE_START)
            try:
                fields = None if wb is None else " ".join(parse_write(wb, segs))
            except Unknown as e:
                problems.append("%s: %s" % (name, e))
                fields = "?"
            defaults = parse_defaults(body(flines, DEFAULTS_START), enums)
            # the storage type of each attribute field: an upgrade whose
            # attribute changed kind (ArrayAttr to DenseI64ArrayAttr) is refused
            attr_types = [] if not fields or fields == "?" else [
                "%s=%s" % (t.rstrip("?"), types[t.rstrip("?")]) for t in fields.split()
                if re.fullmatch(r"\w+\??", t) and t.rstrip("?") in types]
            ops[name] = (fields, " ".join(inherent), ";".join(defaults), ";".join(attr_types))
    # a release whose ops have no writeProperties has no native properties
    native = any(f is not None for f, _, _, _ in ops.values())
    for name, (f, inh, d, t) in ops.items():
        ops[name] = (f if f is not None else "" if native else "-", inh, d, t)
    return ops, len(files), problems


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--release", type=int, required=True)
    ap.add_argument("--td-root")
    ap.add_argument("--tblgen")
    ap.add_argument("--flang-root", help="include folder holding flang/ (libflang-N-dev); "
                    "default /usr/lib/llvm-N/include when it has flang/, 'none' to skip")
    ap.add_argument("-o", "--output")
    ap.add_argument("-j", "--jobs", type=int, default=2)
    a = ap.parse_args()
    tblgen = a.tblgen or shutil.which("mlir-tblgen-%d" % a.release)
    if not tblgen:
        sys.exit("mlirgen: mlir-tblgen-%d not found (package mlir-%d-tools)" % (a.release, a.release))
    with tempfile.TemporaryDirectory() as tmp:
        root = a.td_root
        if not root:
            sys_root = "/usr/lib/llvm-%d/include" % a.release
            if os.path.isdir(os.path.join(sys_root, "mlir", "Dialect")):
                root = sys_root
            else:
                root = fetch_root(a.release, tmp)
        flang = a.flang_root
        if flang is None:
            flang = "/usr/lib/llvm-%d/include" % a.release
        if flang == "none" or not os.path.isdir(os.path.join(flang, "flang")):
            flang = None
        json_tblgen = shutil.which("llvm-tblgen-%d" % a.release)
        ops, nfiles, problems = collect(tblgen, root, flang, a.jobs, json_tblgen)
    for p in problems:
        print("mlirgen: layout not understood, left unknown: " + p, file=sys.stderr)
    out = open(a.output, "w") if a.output else sys.stdout
    dialects = sorted({n.split(".")[0] for n in ops})
    out.write("/* Generated by tools/mlirgen/mlirgen.py: do not edit.\n"
              " * MLIR %d op property layouts, from mlir-tblgen %s (-gen-op-decls,\n"
              " * -gen-op-defs) over the %d .td files of libmlir-%d-dev's include/mlir%s.\n"
              " * %s\n"
              " * Regenerate: python3 tools/mlirgen/mlirgen.py --release %d -o src/mlirbc/gen/ops_%d.def\n"
              " * Format: see tools/mlirgen/mlirgen.py. */\n"
              % (a.release, tool_version(tblgen), nfiles, a.release,
                 "\n * and libflang-%d-dev's include/flang" % a.release if flang else "",
                 wrap("%d ops of %d dialects: %s." % (len(ops), len(dialects), ", ".join(dialects))),
                 a.release, a.release))
    for name in sorted(ops, key=lambda s: s.encode()):
        f, inh, d, t = ops[name]
        out.write('MBC_OP("%s", "%s", "%s", "%s", "%s")\n' % (name, f, inh, d.replace('"', '\\"'), t))
    return 0


def wrap(text):
    lines, cur = [], ""
    for word in text.split(" "):
        if len(cur) + len(word) > 70:
            lines.append(cur.rstrip())
            cur = ""
        cur += word + " "
    lines.append(cur.rstrip())
    return "\n * ".join(lines)


if __name__ == "__main__":
    sys.exit(main())
