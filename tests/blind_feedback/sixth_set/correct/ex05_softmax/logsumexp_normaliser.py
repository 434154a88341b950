"""CORRECT: after the max-shift the normaliser is subtracted in log space, exp(z - logsumexp(z, dim)), so there is no division and -inf entries give exp(-inf) = 0.
"""

from __future__ import annotations

import torch


def softmax(x: torch.Tensor, dim: int = -1) -> torch.Tensor:
    z = x - x.amax(dim=dim, keepdim=True)
    return torch.exp(z - torch.logsumexp(z, dim=dim, keepdim=True))
