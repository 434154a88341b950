"""MISTAKE: The operands are swapped (K @ Q^T), so the result is the transpose of the wanted table, [..., n_k, n_q], with keys on the rows and queries on the columns.
FIX: Put the queries first: Q @ K.transpose(-2, -1).
"""

from __future__ import annotations

import torch


def attention_scores(Q: torch.Tensor, K: torch.Tensor) -> torch.Tensor:
    return K @ Q.transpose(-2, -1)
