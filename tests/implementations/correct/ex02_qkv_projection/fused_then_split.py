"""Correct: One product with the concatenated weights, then split along the last dim.

Meant to satisfy the whole contract of ex02_qkv_projection.
"""

from __future__ import annotations

import math

import torch


def project_qkv(X, W_Q, W_K, W_V):
    W = torch.cat([W_Q, W_K, W_V], dim=-1)
    fused = torch.matmul(X, W)
    Q, K, V = torch.split(fused, [W_Q.size(-1), W_K.size(-1), W_V.size(-1)], dim=-1)
    return Q, K, V
