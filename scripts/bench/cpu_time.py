"""The median CPU time (user + system, in seconds, to the microsecond) of RUNS runs of a command, its output
discarded: what the command costs apart from waiting on the disk, which a busy machine's wall clock blurs.

Usage: cpu_time.py RUNS COMMAND [ARG...]
"""
import os
import subprocess
import sys

runs, command = int(sys.argv[1]), sys.argv[2:]
times = []
for _ in range(max(1, runs)):
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(process.pid, 0)
    if status != 0:
        sys.exit(f"cpu_time.py: {command[0]} exited with {status}")
    times.append(usage.ru_utime + usage.ru_stime)
print(f"{sorted(times)[len(times) // 2]:.4f}")
