"""MISTAKE: Normalises queries and keys to unit length first (cosine similarity, as in contrastive learning), but attention scores are plain dot products whose size matters.
FIX: Drop the normalisation and return Q @ K.transpose(-2, -1).
"""
from __future__ import annotations

import torch


def attention_scores(Q: torch.Tensor, K: torch.Tensor) -> torch.Tensor:
    Qn = Q / Q.norm(dim=-1, keepdim=True)
    Kn = K / K.norm(dim=-1, keepdim=True)
    return Qn @ Kn.transpose(-2, -1)
