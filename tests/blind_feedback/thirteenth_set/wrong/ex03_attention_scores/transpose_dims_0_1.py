"""MISTAKE: Transposes K with transpose(0, 1), which is the right swap only for a 2-D [n_k, d_k] tensor; for a batched [B, n_k, d_k] it swaps the batch axis with the token axis, so the matmul fails or pairs the wrong sentences.
FIX: Count from the end: K.transpose(-2, -1) swaps tokens and features whatever the batch dims.
"""

from __future__ import annotations

import torch


def attention_scores(Q: torch.Tensor, K: torch.Tensor) -> torch.Tensor:
    return Q @ K.transpose(0, 1)
