"""MISTAKE: Swaps the roles of queries and keys and computes K @ Q^T, which is the transposed table [..., n_k, n_q]: rows are keys and columns are queries (wrong shape when n_q != n_k, wrong entries when they are equal).
FIX: Put the queries on the left: Q @ K.transpose(-2, -1) gives [..., n_q, n_k].
"""

from __future__ import annotations

import torch


def attention_scores(Q: torch.Tensor, K: torch.Tensor) -> torch.Tensor:
    return K @ Q.transpose(-2, -1)
