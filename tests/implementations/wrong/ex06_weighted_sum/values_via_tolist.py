"""V goes through Python numbers (`.tolist()`, then `torch.as_tensor`) before the product:
the output is right, but no gradient reaches V.

Caught by: the gradient case (no gradient for V).

Cause: numbers_line
"""
import torch


def weighted_sum(weights, V):
    values = torch.as_tensor(V.tolist(), dtype=V.dtype, device=V.device)
    return weights @ values
