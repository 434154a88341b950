"""Writes scores / d_k ** 1/2: ** binds tighter than /, so this is scores / d_k / 2.

Caught by: any d_k other than 4 (for d_k = 4, d_k / 2 == sqrt(d_k) by coincidence).

Cause: ex04_precedence
"""


def scale_scores(scores, d_k):
    return scores / d_k ** 1/2
