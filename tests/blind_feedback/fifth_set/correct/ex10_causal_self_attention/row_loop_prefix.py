"""CORRECT: No mask at all: an explicit loop gives query i a softmax over the prefix keys 0..i only, and pads its weight row with zeros for the future positions."""

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
    scale = 1.0 / math.sqrt(Q.size(-1))
    outs, rows = [], []
    for i in range(n):
        q = Q[..., i:i + 1, :]
        k, v = K[..., : i + 1, :], V[..., : i + 1, :]
        w = torch.softmax((q @ k.transpose(-2, -1)) * scale, dim=-1)
        outs.append(w @ v)
        pad = w.new_zeros(*w.shape[:-1], n - i - 1)
        rows.append(torch.cat([w, pad], dim=-1))
    return torch.cat(outs, dim=-2), torch.cat(rows, dim=-2)
