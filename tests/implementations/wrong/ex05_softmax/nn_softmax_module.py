"""Forbidden: builds a torch.nn.Softmax(dim) module and calls it.

Exposed by: Forbidden-call check; values are right.

Cause: forbidden_call
"""

from __future__ import annotations

import math

import torch


def softmax(x, dim=-1):
    layer = torch.nn.Softmax(dim=dim)
    return layer(x)
