"""MISTAKE: causal_mask returns torch.triu(ones, diagonal=1), the "True = blocked" future mask of PyTorch's nn.MultiheadAttention / nn.Transformer bool masks, so True sits strictly above the diagonal and False on and below it: the opposite of this kit's True = may attend, and apply_mask then lets every position see only the future.
FIX: Return torch.tril(torch.ones(n, n, dtype=torch.bool, device=device)), True on and below the diagonal.
"""

from __future__ import annotations

import torch


def causal_mask(n: int, device=None) -> torch.Tensor:
    return torch.triu(torch.ones(n, n, dtype=torch.bool, device=device), diagonal=1)


def apply_mask(scores: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    return scores.masked_fill(mask == 0, float("-inf"))
