"""MISTAKE: none (correct). Writes the table with einsum, passing the keys first and naming the output axes so the result is still [..., n_q, n_k].
FIX: none
"""

from __future__ import annotations

import torch


def attention_scores(Q: torch.Tensor, K: torch.Tensor) -> torch.Tensor:
    return torch.einsum("...kc,...qc->...qk", K, Q)
