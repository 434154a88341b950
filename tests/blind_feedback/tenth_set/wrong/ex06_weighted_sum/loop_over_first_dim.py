"""MISTAKE: Loops over the first axis of weights assuming it is the query axis and stacks row @ V; that is right for 2-D weights, but with a batch dimension each item is a whole [n_q, n_k] matrix broadcast against every batch of V, giving shape [B, B, n_q, d_v].
FIX: Drop the loop and use one batched product, weights @ V.
"""
from __future__ import annotations

import torch


def weighted_sum(weights: torch.Tensor, V: torch.Tensor) -> torch.Tensor:
    rows = [row @ V for row in weights]
    return torch.stack(rows)
