"""Forbidden: softmin(-x) (softmin is a ready-made softmax).

Exposed by: Forbidden-call check; values are right.

Cause: forbidden_call
"""

from __future__ import annotations

import math

import torch


def softmax(x, dim=-1):
    return torch.nn.functional.softmin(-x, dim=dim)
