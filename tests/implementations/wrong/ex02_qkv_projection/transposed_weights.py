"""Multiplies by the transposed weights (X @ W.T, the nn.Linear habit) although W is already [d_model, d_out].

Caught by: d_k != d_model or d_v != d_model (shape error); square weights give wrong values.

Cause: ex02_transposed
"""


def project_qkv(X, W_Q, W_K, W_V):
    Q = X @ W_Q.T
    K = X @ W_K.T
    V = X @ W_V.T
    return Q, K, V
