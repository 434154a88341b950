"""Replaces infinite entries by 0 'to avoid NaN' before the softmax.

Exposed by: Rows containing -inf: the masked entries get weight exp(0 - max) instead of exactly 0.

Cause: ex05_replaced_inf
"""

from __future__ import annotations

import math

import torch


def softmax(x, dim=-1):
    x = torch.where(torch.isinf(x), torch.zeros_like(x), x)
    exps = torch.exp(x - x.amax(dim=dim, keepdim=True))
    return exps / exps.sum(dim=dim, keepdim=True)
