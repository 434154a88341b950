"""MISTAKE: Q and K are L2-normalised before the product, so the function returns cosine similarities instead of the raw (unnormalised) dot products (and NaN for zero vectors).
FIX: Do not normalise: return Q @ K.transpose(-2, -1).

Cause: ex03_cosine
"""

from __future__ import annotations

import torch


def attention_scores(Q: torch.Tensor, K: torch.Tensor) -> torch.Tensor:
    Q_unit = Q / Q.norm(dim=-1, keepdim=True)
    K_unit = K / K.norm(dim=-1, keepdim=True)
    return Q_unit @ K_unit.transpose(-2, -1)
