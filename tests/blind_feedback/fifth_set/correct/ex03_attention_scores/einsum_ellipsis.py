"""CORRECT: One einsum with an ellipsis for the batch dimensions, '...qd,...kd->...qk', no explicit transpose."""

from __future__ import annotations

import torch


def attention_scores(Q: torch.Tensor, K: torch.Tensor) -> torch.Tensor:
    return torch.einsum("...qd,...kd->...qk", Q, K)
