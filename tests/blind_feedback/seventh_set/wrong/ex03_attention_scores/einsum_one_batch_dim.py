"""MISTAKE: The einsum string 'bid,bjd->bij' assumes exactly one batch dimension, so an unbatched [n, d_k] input or inputs with several batch dims raise.
FIX: Use '...id,...jd->...ij' or Q @ K.transpose(-2, -1).
"""

from __future__ import annotations

import torch


def attention_scores(Q: torch.Tensor, K: torch.Tensor) -> torch.Tensor:
    return torch.einsum("bid,bjd->bij", Q, K)
