"""Swaps W_K and W_V: K is projected with W_V and V with W_K.

Caught by: d_k != d_v (K and V come back with each other's width) and any case where the
two matrices differ.

Cause: ex02_k_v_swapped
"""


def project_qkv(X, W_Q, W_K, W_V):
    Q = X @ W_Q
    K = X @ W_V
    V = X @ W_K
    return Q, K, V
