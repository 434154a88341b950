"""Uses math.isqrt (the integer square root), which is only right when d_k is a perfect square.

Caught by: d_k that is not a perfect square (e.g. 6 gives 2 instead of 2.449...).

Cause: ex04_isqrt
"""

import math


def scale_scores(scores, d_k):
    return scores / math.isqrt(d_k)
