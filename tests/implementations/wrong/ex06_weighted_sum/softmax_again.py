"""Applies a softmax to the weights before blending.

Exposed by: Any weights (even already-softmaxed ones change).

Cause: ex06_softmax_again
"""

from __future__ import annotations

import math

import torch


def weighted_sum(weights, V):
    return torch.softmax(weights, dim=-1) @ V
