"""Correct: Move `dim` last, torch.max(...).values, move back.

Meant to satisfy the whole contract of ex05_softmax.
"""

from __future__ import annotations

import math

import torch


def softmax(x, dim=-1):
    y = x.movedim(dim, -1)
    top = torch.max(y, dim=-1, keepdim=True).values
    exps = (y - top).exp()
    out = exps / torch.sum(exps, dim=-1, keepdim=True)
    return out.movedim(-1, dim)
