"""MISTAKE: causal_mask builds the "future" triangle, True strictly above the diagonal (the True = blocked convention of nn.Transformer's square subsequent mask), so under the kit's True = may attend rule it allows exactly the future and blocks each token itself and its past.
FIX: Return torch.tril(torch.ones(n, n, dtype=torch.bool, device=device)), True on and below the diagonal.
"""

from __future__ import annotations

import torch


def causal_mask(n: int, device=None) -> torch.Tensor:
    return torch.triu(torch.ones(n, n, dtype=torch.bool, device=device), diagonal=1)


def apply_mask(scores: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    return scores.masked_fill(mask == 0, float("-inf"))
