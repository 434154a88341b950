"""Returns the projections in the order (Q, V, K) instead of (Q, K, V).

Caught by: d_k != d_v (shapes of the 2nd and 3rd results) and any case where W_K != W_V.

Cause: ex02_k_v_swapped
"""


def project_qkv(X, W_Q, W_K, W_V):
    Q = X @ W_Q
    K = X @ W_K
    V = X @ W_V
    return Q, V, K
