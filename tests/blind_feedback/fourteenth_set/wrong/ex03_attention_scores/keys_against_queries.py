"""MISTAKE: Computes K @ Q^T, i.e. keys against queries, which gives the transposed table [..., n_k, n_q]; wrong shape when n_q != n_k and transposed values when they are equal.
FIX: Put the queries on the rows: Q @ K.transpose(-2, -1).
"""

from __future__ import annotations

import torch


def attention_scores(Q: torch.Tensor, K: torch.Tensor) -> torch.Tensor:
    return K @ Q.transpose(-2, -1)
