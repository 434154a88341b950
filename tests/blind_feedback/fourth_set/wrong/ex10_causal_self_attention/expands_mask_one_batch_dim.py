"""MISTAKE: Expands the mask to (X.size(0), n, n), assuming exactly one batch dimension; for an unbatched input this adds a spurious n-sized axis to the output, and with two batch dims the mask's batch axis lines up with the wrong one.
FIX: Leave the mask as [n, n]; broadcasting lines it up with any number of leading batch dims.
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
    mask = torch.tril(torch.ones(n, n, dtype=torch.bool, device=X.device))
    mask = mask.unsqueeze(0).expand(X.size(0), n, n)
    scores = Q @ K.transpose(-2, -1) / math.sqrt(Q.size(-1))
    scores = scores.masked_fill(mask == 0, float("-inf"))
    weights = torch.softmax(scores, dim=-1)
    return weights @ V, weights
