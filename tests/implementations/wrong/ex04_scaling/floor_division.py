"""Floor-divides the scores by sqrt(d_k) (`//` instead of `/`).

Caught by: any scores that are not whole multiples of sqrt(d_k).

Cause: scale_floor_division
"""
import math


def scale_scores(scores, d_k):
    return scores // math.sqrt(d_k)
