"""Divides Q by sqrt(d_k) already in the projection (folding the attention scale).

Exposed by: Any value comparison of Q.

Cause: ex02_folded_scale
"""

from __future__ import annotations

import math

import torch


def project_qkv(X, W_Q, W_K, W_V):
    Q = X @ W_Q / math.sqrt(W_Q.size(-1))
    return Q, X @ W_K, X @ W_V
