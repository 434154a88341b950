"""MISTAKE: reads d_k as Q.shape[1], which is the feature size only for unbatched [n_q, d_k] inputs.
FIX: read the last dimension: `d_k = Q.size(-1)`.

Correct without batch dimensions; with [B, n_q, d_k] it scales by sqrt(n_q), with two
batch dimensions by the square root of the second batch size.

Cause: attn_scale_n_q
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
    d_k = Q.shape[1]
    scores = Q @ K.transpose(-2, -1) / math.sqrt(d_k)
    if mask is not None:
        scores = scores.masked_fill(mask == 0, float("-inf"))
    weights = torch.softmax(scores, dim=-1)
    return weights @ V, weights
