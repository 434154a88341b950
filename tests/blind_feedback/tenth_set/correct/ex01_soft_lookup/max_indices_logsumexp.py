"""CORRECT: hard_lookup takes the index from torch.max(..., dim=0).indices, and soft_lookup builds the softmax weights as exp(scores - logsumexp(scores)) and blends with values.mT @ weights."""
from __future__ import annotations

import torch


def hard_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    scores = torch.matmul(keys, query)
    best = torch.max(scores, dim=0).indices
    return values[best]


def soft_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    scores = torch.matmul(keys, query)
    weights = torch.exp(scores - torch.logsumexp(scores, dim=0))
    return values.mT @ weights
