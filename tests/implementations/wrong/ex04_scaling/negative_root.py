"""Takes the square root of -d_k (a sign slip): Python makes it a complex number.

Caught by: any case (the result is a complex tensor).

Cause: complex_result
"""
import torch


def scale_scores(scores, d_k):
    return scores / (-d_k) ** 0.5
