"""CORRECT: Works in log space: the weights are exp(x - logsumexp(x)), with torch.logsumexp doing the max shift internally; -inf entries give exp(-inf) = 0."""
from __future__ import annotations

import torch


def softmax(x: torch.Tensor, dim: int = -1) -> torch.Tensor:
    return torch.exp(x - torch.logsumexp(x, dim=dim, keepdim=True))
