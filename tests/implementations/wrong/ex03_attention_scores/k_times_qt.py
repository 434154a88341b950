"""Multiplies in the wrong order, K @ Qᵀ, giving [..., n_k, n_q] (the transpose of the scores).

Caught by: n_q != n_k (wrong shape); with n_q == n_k the values are transposed.

Cause: ex03_k_qt
"""


def attention_scores(Q, K):
    return K @ Q.transpose(-2, -1)
