"""MISTAKE: Uses the in-place K.transpose_(-2, -1), so the scores are right but the caller's K tensor is left transposed ([..., d_k, n_k]) after the call, which breaks any later use of K (for example a second call on the same keys).
FIX: Use the out-of-place K.transpose(-2, -1) (or K.mT) so the input is untouched.
"""

from __future__ import annotations

import torch


def attention_scores(Q: torch.Tensor, K: torch.Tensor) -> torch.Tensor:
    K_t = K.transpose_(-2, -1)
    return Q @ K_t
