"""Copy-paste slip: projects Q, K and V all with W_Q.

Caught by: any case with distinct weight matrices (and d_k != d_v changes V's shape).

Cause: ex02_copy_paste
"""


def project_qkv(X, W_Q, W_K, W_V):
    Q = X @ W_Q
    K = X @ W_Q
    V = X @ W_Q
    return Q, K, V
