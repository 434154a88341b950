"""MISTAKE: "Transposes" K with reshape to [..., d_k, n_k]; the shape is right but reshape keeps the memory order, so the entries are regrouped rather than transposed. Wrong for any K with n_k > 1 and d_k > 1.
FIX: Use K.transpose(-2, -1) (or K.mT), which swaps the axes.

Cause: k_reshaped
"""

from __future__ import annotations

import torch


def attention_scores(Q: torch.Tensor, K: torch.Tensor) -> torch.Tensor:
    *batch, n_k, d_k = K.shape
    K_t = K.reshape(*batch, d_k, n_k)
    return Q @ K_t
