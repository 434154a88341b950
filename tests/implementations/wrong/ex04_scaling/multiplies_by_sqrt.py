"""Multiplies by sqrt(d_k) instead of dividing by it.

Caught by: any d_k > 1.

Cause: ex04_times
"""

import math


def scale_scores(scores, d_k):
    return scores * math.sqrt(d_k)
