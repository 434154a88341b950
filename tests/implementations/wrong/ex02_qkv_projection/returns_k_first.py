"""Returns the projections in the order (K, Q, V) instead of (Q, K, V).

Caught by: any case with distinct W_Q and W_K.

Cause: ex02_q_swapped
"""
import torch


def project_qkv(X, W_Q, W_K, W_V):
    Q = X @ W_Q
    K = X @ W_K
    V = X @ W_V
    return K, Q, V
