"""MISTAKE: the shape is unpacked nanoGPT-style as B, T, C = X.size(), which only works for exactly one batch dimension, so an unbatched [n, d_model] input or one with two batch dimensions raises a ValueError.
FIX: Read the length as n = X.size(-2) and leave the leading dimensions alone.
"""

from __future__ import annotations

import math

import torch


def causal_self_attention(
    X: torch.Tensor,
    W_Q: torch.Tensor,
    W_K: torch.Tensor,
    W_V: torch.Tensor,
) -> tuple[torch.Tensor, torch.Tensor]:
    B, T, C = X.size()
    q, k, v = X @ W_Q, X @ W_K, X @ W_V
    att = (q @ k.transpose(-2, -1)) * (1.0 / math.sqrt(k.size(-1)))
    bias = torch.tril(torch.ones(T, T, dtype=torch.bool, device=X.device))
    att = att.masked_fill(bias == 0, float("-inf"))
    att = torch.softmax(att, dim=-1)
    return att @ v, att
