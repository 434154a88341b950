"""The result is rebuilt from a Python list (`.tolist()`, then `torch.as_tensor`), which
leaves autograd behind: no gradient flows back to the scores.

Caught by: the gradient case.

Cause: numbers_line
"""
import math

import torch


def scale_scores(scores, d_k):
    return torch.as_tensor((scores / math.sqrt(d_k)).tolist(), dtype=scores.dtype,
                           device=scores.device)
