"""CORRECT: after the usual max shift it normalises in the log domain, exp(s - logsumexp(s)), so there is no division at all."""
from __future__ import annotations

import torch


def softmax(x: torch.Tensor, dim: int = -1) -> torch.Tensor:
    s = x - x.amax(dim=dim, keepdim=True)
    return torch.exp(s - torch.logsumexp(s, dim=dim, keepdim=True))
