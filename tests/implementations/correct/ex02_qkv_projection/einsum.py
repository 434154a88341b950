"""einsum over the model dimension, with "..." for the batch dimensions.
"""

import torch


def project_qkv(X, W_Q, W_K, W_V):
    Q = torch.einsum("...nd,dk->...nk", X, W_Q)
    K = torch.einsum("...nd,dk->...nk", X, W_K)
    V = torch.einsum("...nd,dv->...nv", X, W_V)
    return Q, K, V
