"""The weights are detached (reading "used as given" as "treat as constants"), so the output has no gradient with respect to the weights and nothing upstream of the softmax can learn.

FIX: Use weights @ V directly so gradients flow to both weights and V.

Caught by: blind set 6.

Cause: detach_line
"""

from __future__ import annotations

import torch


def weighted_sum(weights: torch.Tensor, V: torch.Tensor) -> torch.Tensor:
    return weights.detach() @ V
