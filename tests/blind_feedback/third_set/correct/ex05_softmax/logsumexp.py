"""CORRECT: softmax is exp(x - logsumexp(x, dim)), with the logsumexp doing the max shift.
"""

from __future__ import annotations

import torch


def softmax(x: torch.Tensor, dim: int = -1) -> torch.Tensor:
    return torch.exp(x - torch.logsumexp(x, dim=dim, keepdim=True))
