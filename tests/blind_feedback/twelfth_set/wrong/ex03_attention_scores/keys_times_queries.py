"""MISTAKE: Computes K @ Qᵀ, which puts keys on the rows and queries on the columns, i.e. the transpose of the wanted table [n_k, n_q]. It looks right in self-attention with Q == K (the table is then symmetric) but is wrong whenever Q and K differ.
FIX: Queries index the rows: Q @ K.transpose(-2, -1).
"""

from __future__ import annotations

import torch


def attention_scores(Q: torch.Tensor, K: torch.Tensor) -> torch.Tensor:
    # every key compared with every query
    return K @ Q.transpose(-2, -1)
