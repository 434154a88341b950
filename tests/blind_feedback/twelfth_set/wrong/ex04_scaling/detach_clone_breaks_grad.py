"""MISTAKE: To return "a new tensor" it copies the scores with detach().clone() and divides the copy in place; the values are right but the result is cut off from the autograd graph, so no gradient reaches the scores.
FIX: Just return scores / math.sqrt(d_k): division already makes a new tensor and keeps the graph.
"""

from __future__ import annotations

import math

import torch


def scale_scores(scores: torch.Tensor, d_k: int) -> torch.Tensor:
    out = scores.detach().clone()    # a fresh copy, so the input is not modified
    out /= math.sqrt(d_k)
    return out
