"""MISTAKE: The mask is built as "True = blocked" (triu with diagonal=1, the future) but then used with the kit's "0 = blocked" test mask == 0, so the past and the diagonal are blocked and only the future is allowed; the last row is all -inf and its softmax is NaN.
FIX: Either build the allowed mask with tril and block mask == 0, or keep the triu "blocked" mask and fill where it is True.
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
    future = torch.triu(torch.ones(n, n, dtype=torch.bool, device=X.device), diagonal=1)
    scores = Q @ K.transpose(-2, -1) / math.sqrt(Q.size(-1))
    scores = scores.masked_fill(future == 0, float("-inf"))
    weights = torch.softmax(scores, dim=-1)
    return weights @ V, weights
