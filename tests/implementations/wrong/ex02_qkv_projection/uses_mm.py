"""Uses torch.mm, which only takes 2-D matrices, so any leading batch dimension breaks.

Caught by: X with 1 or 2 leading batch dimensions (RuntimeError); unbatched X passes.

Cause: two_d_only
"""

import torch


def project_qkv(X, W_Q, W_K, W_V):
    Q = torch.mm(X, W_Q)
    K = torch.mm(X, W_K)
    V = torch.mm(X, W_V)
    return Q, K, V
