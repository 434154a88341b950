"""MISTAKE: Normalises Q and K to unit length first, so it returns cosine similarities in [-1, 1] instead of raw dot products; the magnitudes of the vectors are lost.
FIX: Take the plain dot products Q @ K.transpose(-2, -1) without normalising.
"""

from __future__ import annotations

import torch


def attention_scores(Q: torch.Tensor, K: torch.Tensor) -> torch.Tensor:
    Qn = Q / Q.norm(dim=-1, keepdim=True)
    Kn = K / K.norm(dim=-1, keepdim=True)
    return Qn @ Kn.transpose(-2, -1)
