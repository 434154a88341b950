"""MISTAKE: none (correct). hard_lookup picks the row with index_select and squeezes it; soft_lookup gets its weights in the log domain as exp(s - logsumexp(s)) on max-shifted scores (in float32 for half inputs, cast back) and blends with einsum.
FIX: none
"""

from __future__ import annotations

import torch


def hard_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    scores = torch.einsum("nd,d->n", keys, query)
    best = scores.argmax().reshape(1)
    return values.index_select(0, best).squeeze(0)


def soft_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    scores = torch.einsum("nd,d->n", keys, query)
    s = scores.to(torch.promote_types(scores.dtype, torch.float32))
    s = s - s.max()
    weights = torch.exp(s - torch.logsumexp(s, dim=0)).to(values.dtype)
    return torch.einsum("n,nv->v", weights, values)
