"""MISTAKE: Uses torch.tensordot(weights, V, dims=1), which contracts the last axis of weights with the FIRST axis of V; that is right for 2-D inputs, but with batch dims it contracts n_k against V's batch axis, so it fails or mixes batches.
FIX: Use weights @ V (torch.matmul), which contracts n_k and keeps the batch dims aligned.
"""

from __future__ import annotations

import torch


def weighted_sum(weights: torch.Tensor, V: torch.Tensor) -> torch.Tensor:
    return torch.tensordot(weights, V, dims=1)
