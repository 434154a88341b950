"""MISTAKE: normalises queries and keys to unit length first, so it returns cosine similarities instead of dot products; the values are wrong whenever a vector does not have length 1.
FIX: use the raw vectors: Q @ K.transpose(-2, -1).
"""
from __future__ import annotations

import torch
import torch.nn.functional as F


def attention_scores(Q: torch.Tensor, K: torch.Tensor) -> torch.Tensor:
    Qn = F.normalize(Q, dim=-1)
    Kn = F.normalize(K, dim=-1)
    return Qn @ Kn.transpose(-2, -1)
