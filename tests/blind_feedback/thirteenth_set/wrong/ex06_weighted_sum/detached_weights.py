"""MISTAKE: Detaches the weights ("they come out of the softmax, no need to train them"), so the values are right but no gradient flows back to the weights, and through them to the scores, Q and K.
FIX: Multiply the weights themselves, weights @ V, so gradients reach both inputs.
"""

from __future__ import annotations

import torch


def weighted_sum(weights: torch.Tensor, V: torch.Tensor) -> torch.Tensor:
    return weights.detach() @ V
