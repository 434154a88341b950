"""MISTAKE: Reads d_k from scores.shape[-1], but the last dim of the scores is n_k (the number of keys), not the query/key width; the d_k argument is ignored.
FIX: Use the d_k argument: scores / math.sqrt(d_k).
"""
from __future__ import annotations

import math

import torch


def scale_scores(scores: torch.Tensor, d_k: int) -> torch.Tensor:
    d = scores.shape[-1]
    return scores / math.sqrt(d)
