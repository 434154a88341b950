"""Brackets around `d_k ** 1/2` do not help: it is still (d_k ** 1) / 2.

Caught by: d_k = 16 (divides by 8, not 4), and d_k = 5.

Cause: ex04_half_d_k
"""


def scale_scores(scores, d_k):
    root = (d_k ** 1/2)
    return scores / root
