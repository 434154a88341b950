"""CORRECT: hard_lookup picks the winner with torch.max(...).indices and index_select; soft_lookup scores and blends with torch.einsum and a logsumexp-normalised softmax."""

from __future__ import annotations

import torch


def hard_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    scores = torch.einsum("nd,d->n", keys, query)
    best = torch.max(scores, dim=0).indices
    return values.index_select(0, best.reshape(1)).squeeze(0)


def soft_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    scores = torch.einsum("nd,d->n", keys, query)
    weights = torch.exp(scores - torch.logsumexp(scores, dim=0))
    return torch.einsum("n,nv->v", weights, values)
