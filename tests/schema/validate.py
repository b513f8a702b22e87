#!/usr/bin/python3
"""Validate JSON documents against a JSON Schema (draft 2020-12).

usage: validate.py SCHEMA DOC.json...
Exit 0 when every document is valid, 1 otherwise, 77 when the jsonschema
module is missing (the test is then skipped)."""
import json
import sys

try:
    import jsonschema
except ImportError:
    print("python3-jsonschema is not installed", file=sys.stderr)
    sys.exit(77)


def main():
    schema = json.load(open(sys.argv[1]))
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    failed = 0
    for path in sys.argv[2:]:
        with open(path) as f:
            doc = json.load(f)
        errors = sorted(validator.iter_errors(doc), key=lambda e: list(e.path))
        if errors:
            failed += 1
            e = errors[0]
            where = "/".join(str(p) for p in e.path)
            print(f"{path}: /{where}: {e.message[:200]}", file=sys.stderr)
    print(f"{len(sys.argv) - 2 - failed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
