"""MISTAKE: causal_mask copies the lesson's torch.tril(torch.ones(n, n)), which is a float32 tensor of 0/1 rather than torch.bool, so the returned mask has the wrong dtype (the pattern itself is right).
FIX: Pass dtype=torch.bool to torch.ones (or call .bool() on the result).
"""
from __future__ import annotations

import torch


def causal_mask(n: int, device=None) -> torch.Tensor:
    return torch.tril(torch.ones(n, n, device=device))


def apply_mask(scores: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    return scores.masked_fill(mask == 0, float("-inf"))
