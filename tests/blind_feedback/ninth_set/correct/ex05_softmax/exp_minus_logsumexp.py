"""CORRECT: Uses the identity softmax(x) = exp(x - logsumexp(x)), so there is no separate max shift and no division."""
from __future__ import annotations

import torch


def softmax(x: torch.Tensor, dim: int = -1) -> torch.Tensor:
    return torch.exp(x - torch.logsumexp(x, dim=dim, keepdim=True))
