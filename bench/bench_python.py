"""Python against C on the same file in the same run: open a Tile IR module
and read one function's text (custom form), everything freed after each run.

usage: python3 bench/bench_python.py FILE.tileirbc NAME BENCH_TILEIR_ONE [ROUNDS] [RUNS]

The C program (bench_tileir_one, mapped file) and the Python package
(bcx.open of the path, which maps a large file too) take turns, ROUNDS
times RUNS runs each, so that both see the same machine load; the table
gives each side's best run and the median of its rounds' medians, and the
ratio Python / C. BCX_LIBRARY names the libbcx the package loads.
"""
import os
import re
import statistics
import subprocess
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "python"))
import bcx  # noqa: E402


def python_round(path, name, runs):
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        with bcx.open(path) as m:
            text = m.functions[name].text()
        times.append(time.perf_counter() - t0)
    times.sort()
    return times[0] * 1e6, times[len(times) // 2] * 1e6, len(text)


def c_round(prog, path, name, runs):
    out = subprocess.run([prog, path, name, str(runs), "map"], capture_output=True, text=True,
                         check=True).stdout
    m = re.search(r"best\s+([\d.]+) us\s+median\s+([\d.]+) us\s+\((\d+) bytes", out)
    return float(m.group(1)), float(m.group(2)), int(m.group(3))


def main():
    path, name, prog = sys.argv[1:4]
    rounds = int(sys.argv[4]) if len(sys.argv) > 4 else 5
    runs = int(sys.argv[5]) if len(sys.argv) > 5 else 200
    c, py = [], []
    for _ in range(rounds):
        c.append(c_round(prog, path, name, runs))
        py.append(python_round(path, name, runs))
    if c[0][2] != py[0][2]:
        sys.exit(f"the text differs in length: C {c[0][2]}, Python {py[0][2]}")
    cb, pb = min(x[0] for x in c), min(x[0] for x in py)
    cm, pm = statistics.median(x[1] for x in c), statistics.median(x[1] for x in py)
    size = os.path.getsize(path)
    print(f"open {size} bytes ({name}'s text: {c[0][2]} bytes), {rounds} rounds x {runs} runs")
    print(f"  {'':8} {'best us':>10} {'median us':>10}")
    print(f"  {'C':8} {cb:10.1f} {cm:10.1f}")
    print(f"  {'Python':8} {pb:10.1f} {pm:10.1f}")
    print(f"  {'ratio':8} {pb / cb:10.3f} {pm / cm:10.3f}   (Python / C; goal: at most 1.10)")


if __name__ == "__main__":
    main()
