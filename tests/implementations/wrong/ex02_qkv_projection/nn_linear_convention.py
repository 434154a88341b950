"""Uses torch.nn.functional.linear(X, W), i.e. X @ W.T (nn.Linear's weight layout).

Exposed by: d_model != d_k / d_v: shape error; square weights: wrong values.

Cause: ex02_transposed
"""

from __future__ import annotations

import math

import torch


def project_qkv(X, W_Q, W_K, W_V):
    F = torch.nn.functional
    return F.linear(X, W_Q), F.linear(X, W_K), F.linear(X, W_V)
