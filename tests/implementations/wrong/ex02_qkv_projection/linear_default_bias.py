"""Builds nn.Linear layers from the weights but keeps their default bias=True, adding a random bias.

Caught by: any case (every projection is shifted by a randomly initialised bias; the
seed's projections have no bias).

Cause: ex02_bias
"""

import torch


def _project(X, W):
    d_model, d_out = W.shape
    layer = torch.nn.Linear(d_model, d_out, dtype=W.dtype, device=W.device)
    with torch.no_grad():
        layer.weight.copy_(W.T)
    return layer(X)


def project_qkv(X, W_Q, W_K, W_V):
    return _project(X, W_Q), _project(X, W_K), _project(X, W_V)
