"""Forbidden: calls the aten operator torch.ops.aten._softmax directly.

Exposed by: Forbidden-call check (aten operator behind softmax); values are right.

Cause: forbidden_call
"""

from __future__ import annotations

import math

import torch


def softmax(x, dim=-1):
    return torch.ops.aten._softmax(x, dim, False)
