"""MISTAKE: It divides scores.data (old PyTorch style), which detaches the result from the autograd graph so no gradient flows back to the scores.
FIX: Operate on the tensor itself: scores / math.sqrt(d_k).
"""

from __future__ import annotations

import math

import torch


def scale_scores(scores: torch.Tensor, d_k: int) -> torch.Tensor:
    return scores.data / math.sqrt(d_k)
