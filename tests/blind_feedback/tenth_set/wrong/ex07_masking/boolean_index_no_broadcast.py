"""MISTAKE: apply_mask uses numpy-style boolean indexing (out[mask == 0] = -inf) on a clone, which only works when the mask has exactly the scores' shape; a broadcastable mask such as [n_q, n_k] for batched scores [B, n_q, n_k] raises an IndexError or blanks whole rows.
FIX: Use scores.masked_fill(mask == 0, float("-inf")) or torch.where, which broadcast the mask.
"""
from __future__ import annotations

import torch


def causal_mask(n: int, device=None) -> torch.Tensor:
    return torch.tril(torch.ones(n, n, dtype=torch.bool, device=device))


def apply_mask(scores: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    out = scores.clone()
    out[mask == 0] = float("-inf")
    return out
