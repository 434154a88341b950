"""MISTAKE: It multiplies Q and K elementwise and sums over the features, which pairs query i only with key i: it raises when n_q != n_k and returns only the diagonal [..., n] instead of the full [..., n_q, n_k] table.
FIX: Take every query-key pair with a matrix product: Q @ K.transpose(-2, -1).
"""

from __future__ import annotations

import torch


def attention_scores(Q: torch.Tensor, K: torch.Tensor) -> torch.Tensor:
    return (Q * K).sum(dim=-1)
