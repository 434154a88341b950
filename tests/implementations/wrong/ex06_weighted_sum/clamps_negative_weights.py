"""Clamps weights to be non-negative ('weights are probabilities').

Exposed by: Arbitrary (negative) weights, which the contract allows.

Cause: ex06_clamped
"""

from __future__ import annotations

import math

import torch


def weighted_sum(weights, V):
    return weights.clamp(min=0) @ V
