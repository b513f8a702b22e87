#!/usr/bin/env python3
"""Time several commands, interleaved: run 1 of each, then run 2 of each,
... so that a change in the machine's load hits all of them alike.
Usage: measure.py RUNS OUTDIR -- CMD1... -- CMD2... [-- ...]
Prints, per command, the median CPU time (user + system, from wait4) in
seconds and the median peak resident memory (GNU time's %M) in KiB, all on
one line; command i's output goes to OUTDIR/out<i>. Exits 1 when a command
fails.

Each round runs each command twice: once by itself for the time, once under
GNU time for the memory. Python cannot measure the memory itself (a child
it starts begins with python's resident set, which the kernel counts in the
child's peak), and timed under GNU time a command would be charged GNU
time's own start, about 1 ms, which is a fifth of the shortest rows."""
import os
import statistics
import sys


def spawn(argv, out):
    """Start argv with its output in file out; its CPU time. Started with
    posix_spawn, not fork: a forked python child copies python's page
    tables and takes page faults until it execs, about 1.5 ms of CPU time
    that wait4 would count against the command."""
    fd = os.open(out, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
    try:
        pid = os.posix_spawnp(argv[0], argv, os.environ,
                              file_actions=[(os.POSIX_SPAWN_DUP2, fd, 1),
                                            (os.POSIX_SPAWN_DUP2, fd, 2)])
    finally:
        os.close(fd)
    _, status, ru = os.wait4(pid, 0)
    if status:
        sys.stderr.write("failed: %s\n" % " ".join(argv))
        sys.exit(1)
    return ru.ru_utime + ru.ru_stime


def run(cmd, out, mem):
    t = spawn(cmd, out)
    spawn(["/usr/bin/time", "-f", "%M", "-o", mem] + cmd, out + ".mem")
    with open(mem) as f:
        return t, int(f.read().split()[-1])


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
    print(" ".join("%.6f %d" % (statistics.median(times[i]), statistics.median(mems[i]))
                   for i in range(len(cmds))))


main()
