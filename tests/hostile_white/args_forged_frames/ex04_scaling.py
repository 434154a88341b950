"""Attack (issue 17, route 1): change the input in place, then walk a caught exception's
traceback frames up to the worker's call and put untouched clones into the `args` it
sends back as `args_after`, so "the input is unchanged" passes. Control: the honest
in-place file (tests/implementations/wrong/ex04_scaling/in_place.py)."""
import math
import operator

_g = operator.attrgetter
_TB, _FR, _BK, _LO = "__trace" + "back__", "tb_" + "frame", "f_" + "back", "f_" + "locals"


def _worker_args():
    try:
        raise RuntimeError
    except RuntimeError as e:
        f = _g(_FR)(_g(_TB)(e))
    while f is not None:
        loc = _g(_LO)(f)
        if "args" in loc and "request" in loc:
            return loc["args"]
        f = _g(_BK)(f)
    return None


def scale_scores(scores, d_k):
    clean = scores.clone()
    try:
        args = _worker_args()
    except Exception:
        args = None
    scores /= math.sqrt(d_k)
    if args is not None:
        args[0] = clean
    return scores
