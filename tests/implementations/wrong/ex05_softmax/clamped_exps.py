"""Clamps the exponentials to >= 1e-12 'to avoid zeros'.

Exposed by: -inf entries get weight ~1e-12 instead of exactly 0.

Cause: ex05_clamped
"""

from __future__ import annotations

import math

import torch


def softmax(x, dim=-1):
    exps = torch.exp(x - x.amax(dim=dim, keepdim=True)).clamp(min=1e-12)
    return exps / exps.sum(dim=dim, keepdim=True)
