"""MISTAKE: Divides every weight row by its sum before blending "to be safe", although the function must use the weights as given. Identical for softmax outputs, but wrong for any rows that do not sum to 1 (e.g. masked-out, rescaled or hand-made weights), and NaN for a row of zeros.
FIX: Return weights @ V without touching the weights.
"""

from __future__ import annotations

import torch


def weighted_sum(weights: torch.Tensor, V: torch.Tensor) -> torch.Tensor:
    # make sure each query's weights form a proper average
    w = weights / weights.sum(dim=-1, keepdim=True)
    return w @ V
