"""MISTAKE: It uses the in-place `K.transpose_(-2, -1)`, which changes the caller's K: after the call K has shape [..., d_k, n_k] (and on a leaf K that requires grad it may raise instead), although the returned scores are right.
FIX: Use the out-of-place `K.transpose(-2, -1)` so the input is left untouched.
"""
from __future__ import annotations

import torch


def attention_scores(Q: torch.Tensor, K: torch.Tensor) -> torch.Tensor:
    K.transpose_(-2, -1)
    return Q @ K
