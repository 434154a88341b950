"""MISTAKE: makes the "new tensor" with scores.clone().detach() before dividing, so the values are right but the result is cut off from the autograd graph and no gradient flows back to the scores.
FIX: simply return scores / math.sqrt(d_k), which is already a new tensor on the graph.
"""
from __future__ import annotations

import math

import torch


def scale_scores(scores: torch.Tensor, d_k: int) -> torch.Tensor:
    out = scores.clone().detach()
    out /= math.sqrt(d_k)
    return out
