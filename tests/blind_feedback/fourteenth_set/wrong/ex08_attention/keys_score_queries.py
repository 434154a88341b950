"""MISTAKE: The roles of Q and K are swapped in the score, K @ Qᵀ, giving an [n_k, n_q] table (the transpose of the right one): with n_q != n_k the mask and the matmul with V do not fit, and with n_q == n_k the softmax runs over the transposed table, so row i holds key i's scores against every query.
FIX: Score queries against keys: Q @ K.transpose(-2, -1), rows = queries, columns = keys.
"""

from __future__ import annotations

import math

import torch


def scaled_dot_product_attention(
    Q: torch.Tensor,
    K: torch.Tensor,
    V: torch.Tensor,
    mask: torch.Tensor | None = None,
) -> tuple[torch.Tensor, torch.Tensor]:
    d_k = Q.size(-1)
    scores = K @ Q.transpose(-2, -1) / math.sqrt(d_k)
    if mask is not None:
        scores = scores.masked_fill(mask == 0, float("-inf"))
    weights = torch.softmax(scores, dim=-1)
    return weights @ V, weights
