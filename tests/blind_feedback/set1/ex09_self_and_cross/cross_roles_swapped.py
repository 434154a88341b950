"""MISTAKE: cross_attention takes the queries from the encoder and the keys and values from the decoder (roles reversed).
FIX: `Q = X_dec @ W_Q`, `K = X_enc @ W_K`, `V = X_enc @ W_V`: the decoder asks, the encoder answers.

The output has one row per encoder position ([..., n_enc, d_v]) and weights
[..., n_enc, n_dec]; a mask shaped [n_dec, n_enc] fails to broadcast unless it is square.

Cause: ex09_roles_swapped
"""

from __future__ import annotations

import math

import torch


def self_attention(
    X: torch.Tensor,
    W_Q: torch.Tensor,
    W_K: torch.Tensor,
    W_V: torch.Tensor,
    mask: torch.Tensor | None = None,
) -> tuple[torch.Tensor, torch.Tensor]:
    Q, K, V = X @ W_Q, X @ W_K, X @ W_V
    scores = Q @ K.transpose(-2, -1) / math.sqrt(Q.size(-1))
    if mask is not None:
        scores = scores.masked_fill(mask == 0, float("-inf"))
    weights = torch.softmax(scores, dim=-1)
    return weights @ V, weights


def cross_attention(
    X_dec: torch.Tensor,
    X_enc: torch.Tensor,
    W_Q: torch.Tensor,
    W_K: torch.Tensor,
    W_V: torch.Tensor,
    mask: torch.Tensor | None = None,
) -> tuple[torch.Tensor, torch.Tensor]:
    Q = X_enc @ W_Q
    K = X_dec @ W_K
    V = X_dec @ W_V
    scores = Q @ K.transpose(-2, -1) / math.sqrt(Q.size(-1))
    if mask is not None:
        scores = scores.masked_fill(mask == 0, float("-inf"))
    weights = torch.softmax(scores, dim=-1)
    return weights @ V, weights
