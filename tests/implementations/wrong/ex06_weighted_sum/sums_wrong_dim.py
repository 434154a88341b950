"""Broadcasts weights against V and sums over the query axis instead of the key axis.

Caught by: n_q != n_k (output shape [..., n_k, d_v]); with n_q == n_k the values are wrong.

Cause: ex06_sum_over_queries
"""


def weighted_sum(weights, V):
    prod = weights.unsqueeze(-1) * V.unsqueeze(-3)    # [..., n_q, n_k, d_v]
    return prod.sum(dim=-3)
