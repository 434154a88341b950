"""MISTAKE: Detaches the scores before dividing, so the values are right but the result is cut off from the autograd graph and no gradient flows back to the scores.
FIX: Divide the scores themselves: scores / math.sqrt(d_k), without .detach() or torch.no_grad().
"""

from __future__ import annotations

import math

import torch


def scale_scores(scores: torch.Tensor, d_k: int) -> torch.Tensor:
    return scores.detach() / math.sqrt(d_k)
