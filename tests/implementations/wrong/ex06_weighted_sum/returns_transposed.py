"""Computes Vᵀ @ weightsᵀ, which is (weights @ V)ᵀ: the right numbers in a [..., d_v, n_q] layout.

Caught by: d_v != n_q (wrong output shape).

Cause: ex06_result_t
"""


def weighted_sum(weights, V):
    return V.transpose(-2, -1) @ weights.transpose(-2, -1)
