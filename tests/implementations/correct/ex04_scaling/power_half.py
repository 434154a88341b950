"""Divides by d_k ** 0.5 instead of math.sqrt(d_k).
"""


def scale_scores(scores, d_k):
    return scores / d_k ** 0.5
