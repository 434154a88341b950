"""CORRECT: Never divides: after the usual max shift it takes the log of the normaliser with logsumexp and returns exp(z - logsumexp(z)); -inf entries still become exactly 0.
"""

from __future__ import annotations

import torch


def softmax(x: torch.Tensor, dim: int = -1) -> torch.Tensor:
    z = x - torch.amax(x, dim=dim, keepdim=True)
    log_norm = torch.logsumexp(z, dim=dim, keepdim=True)
    return torch.exp(z - log_norm)
