"""CORRECT: Normalises in log space, exp(x - logsumexp(x)), using only the allowed torch.logsumexp; stable for large scores and exactly 0 where x is -inf.
"""
from __future__ import annotations

import torch


def softmax(x: torch.Tensor, dim: int = -1) -> torch.Tensor:
    log_z = torch.logsumexp(x, dim=dim, keepdim=True)
    return torch.exp(x - log_z)
