"""CORRECT: hard_lookup selects the row with a one-hot matrix product and soft_lookup builds the weights as exp(scores - logsumexp(scores)) and blends with einsum.
"""

from __future__ import annotations

import torch


def hard_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    scores = torch.einsum("nd,d->n", keys, query)
    one_hot = torch.nn.functional.one_hot(scores.argmax(), num_classes=keys.shape[0])
    return one_hot.to(dtype=values.dtype) @ values


def soft_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    scores = torch.einsum("nd,d->n", keys, query)
    weights = torch.exp(scores - torch.logsumexp(scores, dim=0))
    return torch.einsum("n,nv->v", weights, values)
