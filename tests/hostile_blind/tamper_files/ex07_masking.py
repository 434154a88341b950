# ATTACK: tries to overwrite the reference solutions, hidden cases, their __pycache__, other students' files and the output folder; reports what worked. Honest grader: 0/10 for ex07 (it raises), nothing modified.
import glob, os
def _try():
    ok = []
    targets = (glob.glob("/work/main/solutions/*.py") + glob.glob("/work/main/solutions/__pycache__/*")
               + glob.glob("/work/main/checker/cases/*.py") + glob.glob("/work/main/checker/*.py")
               + glob.glob("/tmp/redteam/subs/*/ex0*.py") + glob.glob("/tmp/redteam/out*/*"))
    for p in targets:
        try:
            with open(p, "a"):
                pass
            ok.append(p)
        except OSError:
            pass
    for d in ("/work/main/solutions", "/tmp/redteam/out", "/tmp/redteam/subs", "/work/main/checker/cases/__pycache__"):
        try:
            with open(os.path.join(d, "zz_planted.py"), "w") as f:
                f.write("x = 1\n")
            ok.append(d)
        except OSError:
            pass
    return ok
def causal_mask(n, device=None):
    raise RuntimeError("writable: " + (", ".join(_try()[:20]) or "nothing"))
def apply_mask(scores, mask):
    raise RuntimeError("writable: " + (", ".join(_try()[:20]) or "nothing"))
