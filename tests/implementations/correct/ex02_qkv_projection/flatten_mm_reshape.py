"""Flattens the leading dimensions, projects with 2-D torch.mm, and reshapes back.
"""

import torch


def _project(X, W):
    lead = X.shape[:-1]
    flat = X.reshape(-1, X.size(-1))
    return torch.mm(flat, W).reshape(*lead, W.size(-1))


def project_qkv(X, W_Q, W_K, W_V):
    return tuple(_project(X, W) for W in (W_Q, W_K, W_V))
