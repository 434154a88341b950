"""MISTAKE: Writes the einsum with a fixed batch letter ('bqd,bkd->bqk'), so it only accepts exactly one leading batch dimension; unbatched [n, d_k] inputs and inputs with two batch dimensions raise.
FIX: Use an ellipsis for the batch dimensions ('...qd,...kd->...qk') or Q @ K.transpose(-2, -1).
"""

from __future__ import annotations

import torch


def attention_scores(Q: torch.Tensor, K: torch.Tensor) -> torch.Tensor:
    return torch.einsum("bqd,bkd->bqk", Q, K)
