"""MISTAKE: Uses torch.einsum('bqk,bkd->bqd'), which assumes exactly one batch dimension; plain [n_q, n_k] weights or inputs with two batch dims raise an error.
FIX: Use weights @ V (or einsum with '...qk,...kd->...qd').
"""

from __future__ import annotations

import torch


def weighted_sum(weights: torch.Tensor, V: torch.Tensor) -> torch.Tensor:
    return torch.einsum("bqk,bkd->bqd", weights, V)
