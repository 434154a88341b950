"""Explicit Python loop over the token vectors: each row is projected on its own.

The leading batch dimensions are flattened into one list of rows and restored at the end.
"""

import torch


def _project(X, W):
    rows = X.reshape(-1, X.size(-1))
    out = torch.stack([torch.matmul(r, W) for r in rows]) if rows.size(0) else rows.new_zeros(0, W.size(-1))
    return out.reshape(*X.shape[:-1], W.size(-1))


def project_qkv(X, W_Q, W_K, W_V):
    return _project(X, W_Q), _project(X, W_K), _project(X, W_V)
