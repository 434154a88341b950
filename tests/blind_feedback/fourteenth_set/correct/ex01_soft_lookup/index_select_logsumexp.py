"""MISTAKE: none (correct). hard_lookup gathers the row with torch.index_select and squeezes it; soft_lookup builds the weights as exp(s - logsumexp(s)) and blends the values with einsum.
FIX: none
"""

from __future__ import annotations

import torch


def hard_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    best = (keys @ query).argmax().reshape(1)
    return torch.index_select(values, 0, best).squeeze(0)


def soft_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    s = torch.einsum("nd,d->n", keys, query)
    w = torch.exp(s - torch.logsumexp(s, dim=0))
    return torch.einsum("n,nv->v", w, values)
