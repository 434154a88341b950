"""MISTAKE: The code ignores the d_k argument and scales by sqrt(scores.size(-1)), the number of keys n_k, so the result is wrong whenever n_k != d_k.
FIX: Divide by math.sqrt(d_k) using the argument, the width of the query/key vectors.
"""

from __future__ import annotations

import math

import torch


def scale_scores(scores: torch.Tensor, d_k: int) -> torch.Tensor:
    return scores / math.sqrt(scores.size(-1))
