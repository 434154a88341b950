"""V is projected with W_K (a copy-paste slip); Q and K are right.

Caught by: every case (V has K's width d_k, or K's values when d_k = d_v).

Cause: ex02_wrong_weight
"""


def project_qkv(X, W_Q, W_K, W_V):
    Q = X @ W_Q
    K = X @ W_K
    V = X @ W_K
    return Q, K, V
