"""MISTAKE: none (correct). The mask is built by broadcasting a comparison of two aranges (row index >= column index), and the blocked scores are chosen with torch.where against a 0-dim -inf of the scores' own dtype.
FIX: none
"""

from __future__ import annotations

import torch


def causal_mask(n: int, device=None) -> torch.Tensor:
    idx = torch.arange(n, device=device)
    return idx.unsqueeze(-1) >= idx.unsqueeze(0)


def apply_mask(scores: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    neg_inf = torch.tensor(float("-inf"), dtype=scores.dtype, device=scores.device)
    return torch.where(mask != 0, scores, neg_inf)
