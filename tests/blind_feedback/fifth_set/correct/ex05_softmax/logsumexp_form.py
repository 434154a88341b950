"""CORRECT: Computes the softmax as exp(x - logsumexp(x)), the log-domain normalisation, without an explicit max or division."""

from __future__ import annotations

import torch


def softmax(x: torch.Tensor, dim: int = -1) -> torch.Tensor:
    return torch.exp(x - torch.logsumexp(x, dim=dim, keepdim=True))
