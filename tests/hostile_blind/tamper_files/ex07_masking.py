# ATTACK: tries to overwrite the reference solutions, hidden cases, their __pycache__, other students' files and the output folder; reports what worked. Honest grader: 0/10 for ex07 (it raises), nothing modified.
# (KIT_ROOT, CLASS_DIR and OUT_DIR are filled in at test time: the checkout, the class, the output)
import glob, os
KIT, SUBS, OUT = KIT_ROOT, CLASS_DIR, OUT_DIR
def _try():
    ok = []
    j = os.path.join
    targets = (glob.glob(j(KIT, "solutions", "*.py")) + glob.glob(j(KIT, "solutions", "__pycache__", "*"))
               + glob.glob(j(KIT, "checker", "judge", "cases", "*.py")) + glob.glob(j(KIT, "checker", "*.py"))
               + glob.glob(j(SUBS, "*", "ex0*.py")) + glob.glob(j(OUT, "*")))
    for p in targets:
        try:
            with open(p, "a"):
                pass
            ok.append(p)
        except OSError:
            pass
    for d in (j(KIT, "solutions"), OUT, SUBS, j(KIT, "checker", "judge", "cases", "__pycache__")):
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
