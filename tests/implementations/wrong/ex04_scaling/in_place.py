"""Divides in place (scores /= ...), so the caller's score tensor is modified.

Caught by: the inputs-left-unchanged check (the returned values are right).

Cause: in_place_line
"""

import math


def scale_scores(scores, d_k):
    scores /= math.sqrt(d_k)
    return scores
