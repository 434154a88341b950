"""Transposes the wrong operand, Qᵀ @ K, contracting over positions and giving [..., d_k, d_k].

Caught by: n_q != n_k (shape error); with n_q == n_k the shape is [d_k, d_k], wrong unless d_k == n_k.

Cause: misplaced_transpose
"""


def attention_scores(Q, K):
    return Q.transpose(-2, -1) @ K
