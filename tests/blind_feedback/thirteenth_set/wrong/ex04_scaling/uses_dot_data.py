"""MISTAKE: Divides scores.data instead of scores (an old-tutorial habit), so the values are right but the result is cut off the autograd graph: it has no grad_fn and no gradient flows back to the scores.
FIX: Divide the tensor itself, scores / math.sqrt(d_k), so the result stays on the graph.
"""

from __future__ import annotations

import math

import torch


def scale_scores(scores: torch.Tensor, d_k: int) -> torch.Tensor:
    return scores.data / math.sqrt(d_k)
