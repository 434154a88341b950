"""MISTAKE: It transposes K with `K.T`, which reverses all dimensions; for 2-D inputs that is right, but for batched K [B, n_k, d_k] it gives [d_k, n_k, B] and the product fails or mixes batch entries.
FIX: Swap only the last two dimensions: `Q @ K.transpose(-2, -1)` (or `K.mT`).
"""
from __future__ import annotations

import torch


def attention_scores(Q: torch.Tensor, K: torch.Tensor) -> torch.Tensor:
    return Q @ K.T
