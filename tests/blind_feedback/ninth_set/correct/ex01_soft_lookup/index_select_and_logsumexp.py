"""CORRECT: hard_lookup uses torch.index_select instead of plain indexing, and soft_lookup builds the softmax from logsumexp and blends the rows with einsum."""
from __future__ import annotations

import torch


def hard_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    scores = torch.einsum("nd,d->n", keys, query)
    idx = scores.argmax().reshape(1)
    return torch.index_select(values, 0, idx)[0]


def soft_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    scores = torch.einsum("nd,d->n", keys, query)
    weights = torch.exp(scores - torch.logsumexp(scores, dim=0))
    return torch.einsum("n,nv->v", weights, values)
