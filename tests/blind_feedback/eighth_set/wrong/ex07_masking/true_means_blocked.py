"""MISTAKE: apply_mask follows the nn.Transformer/key_padding_mask convention where True means blocked, so it puts -inf exactly where the mask allows attention and keeps the blocked scores.
FIX: Fill where the mask is 0/False, i.e. scores.masked_fill(mask == 0, float("-inf")).
"""

from __future__ import annotations

import torch


def causal_mask(n: int, device=None) -> torch.Tensor:
    return torch.tril(torch.ones(n, n, dtype=torch.bool, device=device))


def apply_mask(scores: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    return scores.masked_fill(mask.bool(), float("-inf"))
