# ATTACK: copies a classmate's ex06 at grading time (reads sibling submission folders; worker can read any file). Honest grader: 0/10 for ex06.
import os, gc
def _me():
    for o in gc.get_objects():
        if type(o).__name__ == "_Session":
            return o.file
_mine = _me()
_parent = os.path.dirname(os.path.dirname(_mine))
_fn = None
for d in sorted(os.listdir(_parent)):
    p = os.path.join(_parent, d, "ex06_weighted_sum.py")
    if os.path.isfile(p) and p != _mine:
        ns = {}
        try:
            exec(compile(open(p).read(), p, "exec"), ns)
            _fn = ns["weighted_sum"]
            break
        except Exception:
            pass
def weighted_sum(weights, V):
    return _fn(weights, V)
