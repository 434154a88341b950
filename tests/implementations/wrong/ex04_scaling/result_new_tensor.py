"""The result is copied with `new_tensor` (a copy that leaves autograd behind, like
`.clone().detach()`): no gradient flows back to the scores. No line rule quotes it: the
general cause.

Caught by: the gradient case.

Cause: detached
"""
import math


def scale_scores(scores, d_k):
    return scores.new_tensor(scores / math.sqrt(d_k))
