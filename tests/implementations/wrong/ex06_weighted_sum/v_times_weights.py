"""Multiplies in the wrong order, V @ weights.

Caught by: d_v != n_q (shape error); any case where it does run gives wrong values and shape.

Cause: ex06_v_times_weights
"""


def weighted_sum(weights, V):
    return V @ weights
