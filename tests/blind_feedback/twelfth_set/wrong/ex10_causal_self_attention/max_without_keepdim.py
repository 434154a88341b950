"""MISTAKE: The hand-written stable softmax subtracts scores.max(dim=-1).values without keepdim; on unbatched [n, n] scores the [n] maxima broadcast along the wrong axis (column j gets row j's max) and the weights are silently wrong for n > 1, and with batch dims [..., n, n] - [..., n] usually fails to broadcast.
FIX: Use torch.softmax(scores, dim=-1), or keep the max as [..., n, 1] with keepdim=True.
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
    scores = Q @ K.transpose(-2, -1) / math.sqrt(Q.size(-1))
    mask = torch.tril(torch.ones(n, n, dtype=torch.bool, device=X.device))
    scores = scores.masked_fill(mask == 0, float("-inf"))
    # stable softmax: subtract the max before exp
    m = scores.max(dim=-1).values
    e = torch.exp(scores - m)
    weights = e / e.sum(dim=-1, keepdim=True)
    return weights @ V, weights
