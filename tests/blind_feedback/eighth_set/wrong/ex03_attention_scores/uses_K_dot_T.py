"""MISTAKE: It transposes K with K.T, which reverses every dimension of a batched tensor ([B, n_k, d_k] becomes [d_k, n_k, B]), so batched inputs raise or give garbage; only 2-D inputs are right.
FIX: Swap only the last two dimensions: Q @ K.transpose(-2, -1) (or Q @ K.mT).
"""

from __future__ import annotations

import torch


def attention_scores(Q: torch.Tensor, K: torch.Tensor) -> torch.Tensor:
    return Q @ K.T
