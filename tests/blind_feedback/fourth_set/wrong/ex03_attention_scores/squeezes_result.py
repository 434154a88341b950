"""MISTAKE: Calls .squeeze() on the result "to tidy the shape", which also drops real size-1 dimensions such as a single query or a batch of one.
FIX: Return Q @ K.transpose(-2, -1) without squeezing; its shape is already [..., n_q, n_k].
"""
from __future__ import annotations

import torch


def attention_scores(Q: torch.Tensor, K: torch.Tensor) -> torch.Tensor:
    scores = torch.matmul(Q, K.transpose(-2, -1))
    return scores.squeeze()
