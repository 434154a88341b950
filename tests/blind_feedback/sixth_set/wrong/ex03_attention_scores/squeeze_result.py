"""MISTAKE: The product is followed by .squeeze() to tidy up size-1 batch dims, which also drops the query or key axis when n_q == 1 or n_k == 1 (single-token decoding), so the result has the wrong shape.
FIX: Return Q @ K.transpose(-2, -1) as is, without squeezing.
"""

from __future__ import annotations

import torch


def attention_scores(Q: torch.Tensor, K: torch.Tensor) -> torch.Tensor:
    return torch.matmul(Q, K.transpose(-2, -1)).squeeze()
