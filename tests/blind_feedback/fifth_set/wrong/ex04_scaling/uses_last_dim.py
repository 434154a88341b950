"""MISTAKE: Ignores the d_k argument and divides by sqrt(scores.size(-1)), i.e. by the square root of the number of keys n_k, which only matches when n_k happens to equal d_k.
FIX: Divide by math.sqrt(d_k), the width of the query/key vectors passed in.
"""

from __future__ import annotations

import math

import torch


def scale_scores(scores: torch.Tensor, d_k: int) -> torch.Tensor:
    return scores / math.sqrt(scores.size(-1))
