"""MISTAKE: Copies the "attention dropout" line from nanoGPT / the Annotated Transformer as F.dropout(weights, p=0.1), which is active by default (training=True), so it randomly zeroes weights and rescales the rest by 1/0.9, making the output random and wrong.
FIX: Leave the weights as given and return weights @ V; dropout is not part of this function.
"""
from __future__ import annotations

import torch
import torch.nn.functional as F


def weighted_sum(weights: torch.Tensor, V: torch.Tensor) -> torch.Tensor:
    weights = F.dropout(weights, p=0.1)
    return weights @ V
