"""Computes the normaliser under torch.no_grad(), so gradients are wrong.

Exposed by: Gradient check against the reference (forward values are right).

Cause: no_grad_line
"""

from __future__ import annotations

import math

import torch


def softmax(x, dim=-1):
    exps = torch.exp(x - x.amax(dim=dim, keepdim=True))
    with torch.no_grad():
        total = exps.sum(dim=dim, keepdim=True)
    return exps / total
