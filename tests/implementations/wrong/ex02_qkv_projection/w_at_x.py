"""Multiplies in the wrong order, W_Q @ X instead of X @ W_Q (and so for K and V).

Caught by: every case (the sizes do not fit: torch's shape error, at the line `Q = W_Q @ X`).

Cause: ex02_w_at_x
"""


def project_qkv(X, W_Q, W_K, W_V):
    Q = W_Q @ X
    K = W_K @ X
    V = W_V @ X
    return Q, K, V
