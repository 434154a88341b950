"""MISTAKE: Hard-codes K.transpose(0, 1), which swaps the last two dims only for a 2-D K; for a batched K [B, n_k, d_k] it swaps the batch and token axes instead, giving an error or wrong scores.
FIX: Count the dims from the end: K.transpose(-2, -1).

Cause: transpose_first_axes
"""

from __future__ import annotations

import torch


def attention_scores(Q: torch.Tensor, K: torch.Tensor) -> torch.Tensor:
    K_t = K.transpose(0, 1)          # [d_k, n_k]
    return torch.matmul(Q, K_t)
