"""causal_self_attention builds its mask with n = 4, the lesson's example, instead of
X.size(-2): any other sequence length raises.

Caught by: every case with n != 4; named from the line that raised, which uses the mask
made from `n = 4`, and torch's message that the sizes 4 and n differ. From blind set 5 (no
cause in its first run).

Cause: fixed_size
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
    n = 4
    mask = torch.tril(torch.ones(n, n, device=X.device))
    scores = Q @ K.transpose(-2, -1) / math.sqrt(Q.size(-1))
    scores = scores.masked_fill(mask == 0, float("-inf"))
    weights = torch.softmax(scores, dim=-1)
    return weights @ V, weights
