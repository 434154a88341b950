"""MISTAKE: Transposes the keys with K.T, which reverses every dimension of a batched tensor ([B, n_k, d_k] becomes [d_k, n_k, B]); it is right for a single 2-D K but raises or mixes batches for any leading batch dimension.
FIX: Swap only the last two dimensions, K.transpose(-2, -1) or K.mT.
"""

from __future__ import annotations

import torch


def attention_scores(Q: torch.Tensor, K: torch.Tensor) -> torch.Tensor:
    return Q @ K.T
