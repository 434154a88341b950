"""MISTAKE: Transposes the wrong operand, Qᵀ @ K, which contracts over the tokens instead of the features: it needs n_q == n_k and then returns a [..., d_k, d_k] feature-by-feature table instead of query-by-key scores.
FIX: Contract over d_k: Q @ K.transpose(-2, -1).
"""

from __future__ import annotations

import torch


def attention_scores(Q: torch.Tensor, K: torch.Tensor) -> torch.Tensor:
    return Q.transpose(-2, -1) @ K
