"""Ignores the d_k argument and uses scores.size(-1) (that is n_k), confusing the number of keys with the key width.

Caught by: d_k != n_k (the last dimension of the scores).

Cause: ex04_last_dim
"""

import math


def scale_scores(scores, d_k):
    return scores / math.sqrt(scores.size(-1))
