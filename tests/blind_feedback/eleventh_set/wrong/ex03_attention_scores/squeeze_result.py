"""MISTAKE: calls .squeeze() on the result to tidy the shape, which also drops genuine size-1 dimensions: a single query, a single key or a batch of one come back with a dimension missing.
FIX: return Q @ K.transpose(-2, -1) without squeezing.
"""
from __future__ import annotations

import torch


def attention_scores(Q: torch.Tensor, K: torch.Tensor) -> torch.Tensor:
    scores = torch.matmul(Q, K.transpose(-2, -1))
    return scores.squeeze()
