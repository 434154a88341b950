"""MISTAKE: Multiplies in the wrong order, V @ weights; the inner sizes are d_v and n_q, so it raises unless they happen to match, and then returns a meaningless [..., n_k, n_k] product instead of the blend.
FIX: Put the weights first: weights @ V contracts over the shared n_k.
"""

from __future__ import annotations

import torch


def weighted_sum(weights: torch.Tensor, V: torch.Tensor) -> torch.Tensor:
    return V @ weights
