"""MISTAKE: K is transposed with the in-place K.transpose_(-2, -1), which changes the caller's K tensor (its shape becomes [..., d_k, n_k]) even though the returned scores are right.
FIX: Use the out-of-place K.transpose(-2, -1) (or K.mT), which leaves K untouched.
"""

from __future__ import annotations

import torch


def attention_scores(Q: torch.Tensor, K: torch.Tensor) -> torch.Tensor:
    return Q @ K.transpose_(-2, -1)
