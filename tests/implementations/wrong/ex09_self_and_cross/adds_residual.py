"""self_attention returns out + X: the residual connection of a Transformer block, which
belongs around attention, not in it.

Caught by: every self-attention case; the sum raises where d_v != d_model (named from the
line that raised), and is the named mistake's value where the widths agree. From blind set
4 (no cause in its first run).

Cause: attn_residual
"""
from __future__ import annotations

import math

import torch


def _attention(Q, K, V, mask=None):
    d_k = Q.size(-1)
    scores = Q @ K.transpose(-2, -1) / math.sqrt(d_k)
    if mask is not None:
        scores = scores.masked_fill(mask == 0, float("-inf"))
    weights = torch.softmax(scores, dim=-1)
    return weights @ V, weights


def self_attention(
    X: torch.Tensor,
    W_Q: torch.Tensor,
    W_K: torch.Tensor,
    W_V: torch.Tensor,
    mask: torch.Tensor | None = None,
) -> tuple[torch.Tensor, torch.Tensor]:
    Q, K, V = X @ W_Q, X @ W_K, X @ W_V
    out, weights = _attention(Q, K, V, mask)
    return out + X, weights


def cross_attention(
    X_dec: torch.Tensor,
    X_enc: torch.Tensor,
    W_Q: torch.Tensor,
    W_K: torch.Tensor,
    W_V: torch.Tensor,
    mask: torch.Tensor | None = None,
) -> tuple[torch.Tensor, torch.Tensor]:
    Q = X_dec @ W_Q
    K = X_enc @ W_K
    V = X_enc @ W_V
    return _attention(Q, K, V, mask)
