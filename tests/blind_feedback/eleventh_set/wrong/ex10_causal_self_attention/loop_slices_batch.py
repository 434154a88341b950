"""MISTAKE: the row-by-row loop takes the past keys as K[:i + 1], which slices the first dimension; that is the positions only for an unbatched input, so with batch dimensions it slices the batch instead and the rows come out wrong or fail to line up.
FIX: Slice the position axis: K[..., : i + 1, :].
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
    Q, K, V = X @ W_Q, X @ W_K, X @ W_V
    n = X.size(-2)
    rows = []
    for i in range(n):
        s = Q[..., i : i + 1, :] @ K[: i + 1].transpose(-2, -1) / math.sqrt(Q.size(-1))
        w = torch.softmax(s, dim=-1)
        pad = w.new_zeros(*w.shape[:-1], n - w.size(-1))
        rows.append(torch.cat([w, pad], dim=-1))
    weights = torch.cat(rows, dim=-2)
    return weights @ V, weights
