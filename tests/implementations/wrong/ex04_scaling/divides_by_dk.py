"""Divides by d_k instead of sqrt(d_k).

Caught by: any d_k > 1.

Cause: scale_by_d_k
"""


def scale_scores(scores, d_k):
    return scores / d_k
