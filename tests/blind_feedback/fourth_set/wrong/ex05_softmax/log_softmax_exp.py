"""MISTAKE: Computes torch.log_softmax(x, dim).exp(), but the log_softmax family is forbidden in this exercise just like torch.softmax.
FIX: Build it from allowed pieces, e.g. torch.exp(x - torch.logsumexp(x, dim=dim, keepdim=True)).
"""
from __future__ import annotations

import torch


def softmax(x: torch.Tensor, dim: int = -1) -> torch.Tensor:
    return torch.log_softmax(x, dim=dim).exp()
