"""F.dropout(weights, 0.1) is kept from the Annotated Transformer, and since F.dropout defaults to training=True it randomly zeroes weights and rescales the rest, so the output is random and wrong.

FIX: Drop the dropout call; this function just computes weights @ V.

Caught by: blind set 6.

Cause: attn_dropout
"""

from __future__ import annotations

import torch


def weighted_sum(weights: torch.Tensor, V: torch.Tensor) -> torch.Tensor:
    p_attn = torch.nn.functional.dropout(weights, p=0.1)
    return torch.matmul(p_attn, V)
