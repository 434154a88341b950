"""CORRECT: builds no mask at all: a loop over positions lets query i attend only to the prefix K[..., :i+1, :], and each weights row is padded with exact zeros for the future."""
from __future__ import annotations

import math

import torch


def causal_self_attention(
    X: torch.Tensor,
    W_Q: torch.Tensor,
    W_K: torch.Tensor,
    W_V: torch.Tensor,
) -> tuple[torch.Tensor, torch.Tensor]:
    Q, K, V = X @ W_Q, X @ W_K, X @ W_V
    n = X.size(-2)
    scale = math.sqrt(Q.size(-1))
    outputs, rows = [], []
    for i in range(n):
        s = Q[..., i:i + 1, :] @ K[..., :i + 1, :].transpose(-2, -1) / scale
        w = torch.softmax(s, dim=-1)
        outputs.append(w @ V[..., :i + 1, :])
        future = w.new_zeros(*w.shape[:-1], n - i - 1)
        rows.append(torch.cat([w, future], dim=-1))
    return torch.cat(outputs, dim=-2), torch.cat(rows, dim=-2)
