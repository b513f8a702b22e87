"""The syntax half of gen_dialect_enc.py (run through it with --syntax):
src/mlirbc/dialect_syn.def, how MLIR 22 prints the llvm dialect's
attributes that LLVMDialectBytecode.td encodes, from LLVMAttrDefs.td (each
attribute's mnemonic, assembly format, parameters in order, which are
optional, their C++ types), LLVMEnums.td (DIFlags and the other enums) and
llvm/BinaryFormat/Dwarf.def and Dwarf.h (DW_TAG_, DW_ATE_, DW_LANG_,
DW_CC_, DW_OP_ names)."""
import os
import re
import sys

# The assembly formats the printer knows, by their text in the .td file.
FORMATS = {
    "`<` struct(params) `>`": "STRUCT",
    "`<` $name `in` $directory `>`": "FILE",
    "`<` ( `[` $operations^ `]` ) : (``)? `>`": "EXPR",
    "`` $opcode ( `(` custom<ExpressionArg>(ref($opcode), $arguments)^ `)` ) : (``)?": "EXPR_ELEM",
}

# LLVM_DIParameter's parseName: the DWARF name table it prints from.
DWARF_PARAMS = {
    "Tag": "DW_TAG", "AttributeEncoding": "DW_ATE", "Language": "DW_LANG",
    "CallingConvention": "DW_CC", "OperationEncoding": "DW_OP",
}
# Dwarf.def's macro of each table, and how many arguments precede the name.
DWARF_MACROS = {
    "DW_TAG": "HANDLE_DW_TAG", "DW_ATE": "HANDLE_DW_ATE", "DW_LANG": "HANDLE_DW_LANG",
    "DW_CC": "HANDLE_DW_CC", "DW_OP": "HANDLE_DW_OP",
}
UNSIGNED = {"unsigned", "uint32_t", "uint64_t"}
# The code of a kind without a bytecode encoding (its entries are text).
TEXT_CODE = 255


def dwarf_names(include):
    """{table: [(value, name)]}: the first name of each value, as
    llvm::dwarf's *String functions give it."""
    with open(os.path.join(include, "llvm", "BinaryFormat", "Dwarf.def")) as f:
        text = f.read()
    out = {}
    for table, macro in DWARF_MACROS.items():
        seen = {}
        for m in re.finditer(r"^" + macro + r"\((0x[0-9a-fA-F]+),\s*(\w+)", text, re.M):
            seen.setdefault(int(m.group(1), 16), table + "_" + m.group(2))
        out[table] = seen
    # the operations LLVM adds for its metadata (Dwarf.h's LocationAtom)
    with open(os.path.join(include, "llvm", "BinaryFormat", "Dwarf.h")) as f:
        for m in re.finditer(r"^\s*(DW_OP_LLVM_\w+) = (0x[0-9a-fA-F]+),\s*///< Only used in LLVM",
                             f.read(), re.M):
            out["DW_OP"].setdefault(int(m.group(2), 16), m.group(1))
    return out


def enum_tables(recs):
    """{C++ enum name: (BIT|INT, [(value, name, group)])} of LLVMEnums.td."""
    out = {}
    for g in recs.values():
        if not isinstance(g, dict) or "EnumAttrInfo" not in g.get("!superclasses", []):
            continue
        bit = "BitEnumAttr" in g["!superclasses"]
        cases = []
        for e in g["enumerants"]:
            c = recs[e["def"]]
            cases.append((c["value"], c["str"], "BitEnumAttrCaseGroup" in c["!superclasses"]))
        out[g["className"]] = ("BIT" if bit else "INT", cases)
    return out


def param_kind(recs, ptype, concrete, enums):
    """(kind, table, array, target mnemonic) of a parameter."""
    rec = recs.get(ptype) if isinstance(ptype, str) else None
    cpp = (rec.get("cppType") if rec else ptype) or ""
    supers = rec.get("!superclasses", []) if rec else []
    if "LLVM_DIParameter" in supers:
        parse = re.search(r"llvm::dwarf::get(\w+)\(", rec["parser"]).group(1)
        return "E", DWARF_PARAMS[parse], 0, ""
    m = re.match(r"(?:::llvm::)?ArrayRef<(.*)>$", cpp)
    if m:
        kind, table, _, target = param_kind(recs, m.group(1), concrete, enums)
        return ("N" if m.group(1) == "uint64_t" else kind), table, 1, target
    if cpp in UNSIGNED:
        return "U", "NONE", 0, ""
    if cpp == "bool":
        return "B", "NONE", 0, ""
    if cpp == "std::optional<unsigned>":
        return "O", "NONE", 0, ""
    if cpp in enums:
        return ("F" if enums[cpp][0] == "BIT" else "E"), cpp, 0, ""
    if cpp in concrete:
        return "X", "NONE", 0, concrete[cpp]
    return "A", "NONE", 0, ""  # printed whole: builtin, an interface, Attribute


def wire_slots(recs, byterec, field_code):
    """{parameter name: wire slot} from the bytecode record's members; a
    LocalVar names the flag read into the slot before it."""
    slots, n = {}, 0
    for a, name in byterec["members"]["args"]:
        if field_code(recs, a["def"]):
            slots[name] = n
            n += 1
        else:
            slots[name] = n - 1
    return slots


def main(include, dump, encoded, field_code):
    byte = dump(include, "LLVMIR/LLVMDialectBytecode.td")
    defs = dump(include, "LLVMIR/LLVMAttrDefs.td")
    enums = enum_tables(dump(include, "LLVMIR/LLVMEnums.td"))
    attrdefs = {g["cppClassName"]: g for g in defs.values()
                if isinstance(g, dict) and "AttrDef" in g.get("!superclasses", [])
                and g.get("dialect", {}).get("def") == "LLVM_Dialect"}
    concrete = {c: g["mnemonic"] for c, g in attrdefs.items() if g.get("mnemonic")}
    dwarf = dwarf_names(include)
    kinds, params, used = [], [], set()
    coded = [(code, name, wire_slots(byte, rec, field_code))
             for _, code, name, rec in encoded(byte, "llvm")]
    # The struct kinds the bytecode keeps as text (TEXT_CODE, no wire
    # fields): read from that text, so the attributes inside are known.
    done = {name for _, name, _ in coded}
    coded += [(TEXT_CODE, name, {}) for name, g in sorted(attrdefs.items())
              if name not in done and g.get("mnemonic") and
              " ".join((g.get("assemblyFormat") or "").split()) == "`<` struct(params) `>`"]
    for code, name, slots in coded:
        g = attrdefs[name]
        fmt = " ".join(g["assemblyFormat"].split())
        if fmt not in FORMATS:
            sys.exit("gen_dialect_syn: no printer for %s's format %r" % (name, fmt))
        first = len(params)
        for arg, pname in g["parameters"]["args"]:
            ptype = arg["def"] if isinstance(arg, dict) else arg
            kind, table, array, target = param_kind(defs, ptype, concrete, enums)
            prec = defs.get(ptype, {}) if isinstance(ptype, str) else {}
            optional = int("OptionalParameter" in prec.get("!superclasses", []) or
                           bool(prec.get("defaultValue")))
            used.add(table)
            params.append((pname, slots.get(pname, -1), kind, table, optional, array, target))
        kinds.append((code, name, g["mnemonic"], FORMATS[fmt], g.get("genMnemonicAlias", 0),
                      first, len(params) - first))
    emit(kinds, params, dwarf, enums, used)


def emit(kinds, params, dwarf, enums, used):
    print("""/* Generated by src/mlirbc/gen/gen_dialect_enc.py --syntax from MLIR 22's
 * LLVMAttrDefs.td, LLVMEnums.td, LLVMDialectBytecode.td and LLVM 22's
 * Dwarf.def and Dwarf.h: do not edit.
 *
 * How the llvm dialect prints (and parses) the attributes whose bytecode
 * encoding dialect_enc.def gives, and the struct kinds it keeps as text.
 *
 * MBC_DSYN(code, Name, "mnemonic", format, alias, first, count)
 *   code: the kind code of the encoding, 255 for a kind kept as text;
 *   format: STRUCT `<` struct(params) `>`; FILE `<` $name `in` $directory
 *   `>`; EXPR `<` [ops] `>`; EXPR_ELEM $opcode (args); alias: aliased as
 *   #mnemonic (genMnemonicAlias); its parameters are MBC_DPAR rows
 *   first .. first + count - 1.
 * MBC_DPAR("name", slot, kind, table, optional, array, "target")
 *   slot: the wire field (dialect_enc.def's codes, counted from 0) that
 *   holds it, -1 none (never in the bytecode: its default); kind: U
 *   unsigned, B bool, O optional unsigned, E a name of table, F flags of a
 *   bit enum table, A an attribute printed whole, X an llvm attribute of
 *   mnemonic target printed without its prefix (or as its alias), N an
 *   unsigned integer (list element); optional: omitted when it is its
 *   default (zero, false, absent, empty); array: a list, elements joined
 *   by ", ".
 * MBC_DTAB(table)  the name tables, in order.
 * MBC_DNAME(table, value, "name")  sorted by table, then value.
 * MBC_DBIT(table, value, "name", group)  a bit enum's cases in .td order
 *   (value 0: the name of no bits; group: a case of several bits, printed
 *   before single bits and removing them). */
#ifndef MBC_DSYN
#define MBC_DSYN(code, name, mnemonic, format, alias, first, count)
#endif
#ifndef MBC_DPAR
#define MBC_DPAR(name, slot, kind, table, optional, array, target)
#endif
#ifndef MBC_DTAB
#define MBC_DTAB(table)
#endif
#ifndef MBC_DNAME
#define MBC_DNAME(table, value, name)
#endif
#ifndef MBC_DBIT
#define MBC_DBIT(table, value, name, group)
#endif
""")
    for k in kinds:
        print('MBC_DSYN(%d, %s, "%s", %s, %d, %d, %d)' % k)
    print()
    for p in params:
        print('MBC_DPAR("%s", %d, %s, %s, %d, %d, "%s")' % p)
    print()
    tables = sorted(t for t in used if t != "NONE")
    for t in tables:
        print("MBC_DTAB(%s)" % t)
    print()
    for t in tables:
        if t in dwarf:
            rows = sorted(dwarf[t].items())
        elif enums[t][0] == "INT":
            rows = sorted((v, n) for v, n, _ in enums[t][1])
        else:
            continue
        for v, n in rows:
            print('MBC_DNAME(%s, %d, "%s")' % (t, v, n))
    print()
    for t in tables:
        if t in enums and enums[t][0] == "BIT":
            for v, n, group in enums[t][1]:
                print('MBC_DBIT(%s, %d, "%s", %d)' % (t, v, n, int(group)))
    print()
    print("#undef MBC_DSYN\n#undef MBC_DPAR\n#undef MBC_DTAB\n#undef MBC_DNAME\n#undef MBC_DBIT")
