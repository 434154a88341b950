"""MISTAKE: Q and K are L2-normalised before the product (cosine attention as in Swin v2), so the result is cosine similarity rather than the raw dot product and loses the vector lengths.
FIX: Use the unnormalised vectors: Q @ K.transpose(-2, -1).
"""

from __future__ import annotations

import torch


def attention_scores(Q: torch.Tensor, K: torch.Tensor) -> torch.Tensor:
    Qn = torch.nn.functional.normalize(Q, dim=-1)
    Kn = torch.nn.functional.normalize(K, dim=-1)
    return Qn @ Kn.transpose(-2, -1)
