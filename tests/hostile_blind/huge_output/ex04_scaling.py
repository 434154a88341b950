# ATTACK: floods stdout/stderr (print 50 MB, os.write to fds 1/2) on every call. Computes ex04 correctly. Honest grader: 100, output truncated, reports stay small.
import math, os, sys
def scale_scores(scores, d_k):
    print("A" * (50 * 1024 * 1024))
    sys.stderr.write("B" * (10 * 1024 * 1024))
    for fd in (1, 2):
        try:
            os.write(fd, b"C" * (4 * 1024 * 1024))
        except OSError:
            pass
    return scores / math.sqrt(d_k)
