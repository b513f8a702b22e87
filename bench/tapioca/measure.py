#!/usr/bin/env python3
"""Time several commands, interleaved: run 1 of each, then run 2 of each,
... so that a change in the machine's load hits all of them alike.
Usage: measure.py RUNS OUTDIR -- CMD1... -- CMD2... [-- ...]
Prints, per command, the median CPU time (user + system, from wait4: the
command's and GNU time's own, about 1 ms) in seconds and the median peak resident memory (GNU time's %M) in KiB, all on
one line; command i's output goes to OUTDIR/out<i>. Exits 1 when a command
fails."""
import os
import statistics
import sys


def run(cmd, out, mem):
    # GNU time reports the peak memory: a child forked by python itself
    # would start with python's. It is started with posix_spawn, not fork:
    # a forked python child copies python's page tables and takes page
    # faults until it execs, about 1.5 ms of CPU time that wait4 would
    # count against the tool measured.
    fd = os.open(out, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
    try:
        pid = os.posix_spawn("/usr/bin/time", ["/usr/bin/time", "-f", "%M", "-o", mem] + cmd,
                             os.environ, file_actions=[(os.POSIX_SPAWN_DUP2, fd, 1),
                                                       (os.POSIX_SPAWN_DUP2, fd, 2)])
    finally:
        os.close(fd)
    _, status, ru = os.wait4(pid, 0)
    if status:
        sys.stderr.write("failed: %s\n" % " ".join(cmd))
        sys.exit(1)
    with open(mem) as f:
        return ru.ru_utime + ru.ru_stime, int(f.read().split()[-1])


def main():
    runs, outdir = int(sys.argv[1]), sys.argv[2]
    cmds, cur = [], None
    for a in sys.argv[3:]:
        if a == "--":
            cur = []
            cmds.append(cur)
        else:
            cur.append(a)
    times = [[] for _ in cmds]
    mems = [[] for _ in cmds]
    for _ in range(runs):
        for i, cmd in enumerate(cmds):
            t, m = run(cmd, os.path.join(outdir, "out%d" % i), os.path.join(outdir, "mem"))
            times[i].append(t)
            mems[i].append(m)
    print(" ".join("%.4f %d" % (statistics.median(times[i]), statistics.median(mems[i]))
                   for i in range(len(cmds))))


main()
