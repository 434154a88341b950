"""MISTAKE: Clones the scores and assigns out[mask == 0] = -inf; boolean indexing needs the mask to have the full shape of the scores, so a mask that only broadcasts (e.g. [n_q, n_k] against batched scores) raises an IndexError.
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
