"""MISTAKE: none (correct). Uses the identity softmax(x) = exp(x - logsumexp(x)) along dim, letting torch.logsumexp do the stabilising shift.
FIX: none
"""

from __future__ import annotations

import torch


def softmax(x: torch.Tensor, dim: int = -1) -> torch.Tensor:
    return torch.exp(x - torch.logsumexp(x, dim=dim, keepdim=True))
