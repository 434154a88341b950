"""Multiplies by the reciprocal 1 / math.sqrt(d_k) (equal up to one rounding step).
"""

import math


def scale_scores(scores, d_k):
    return scores * (1.0 / math.sqrt(d_k))
