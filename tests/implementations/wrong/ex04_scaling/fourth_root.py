"""scale_scores multiplies by d_k ** -0.25, a factor that code which scales Q and K
separately puts on each of them: applied once to the scores, it divides by the fourth root
of d_k instead of its square root.

Caught by: every value case. From blind set 5 (no cause in its first run).

Cause: scale_fourth_root
"""

from __future__ import annotations

import math

import torch


def scale_scores(scores: torch.Tensor, d_k: int) -> torch.Tensor:
    scale = 1 / math.sqrt(math.sqrt(d_k))
    return scores * scale
