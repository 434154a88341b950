"""MISTAKE: Runs the scores through a softmax over the keys, doing step 3 already; the function should return the raw dot products, so every row now sums to 1 instead of holding Q·K values.
FIX: Return Q @ K.transpose(-2, -1) as is; normalising comes in exercise 05.

Cause: scores_softmaxed
"""

from __future__ import annotations

import torch


def attention_scores(Q: torch.Tensor, K: torch.Tensor) -> torch.Tensor:
    scores = Q @ K.transpose(-2, -1)
    return torch.softmax(scores, dim=-1)
