"""Builds the divisor as a 1-element float64 tensor "for precision", which promotes float32 scores to float64.

Caught by: float32 scores (the output dtype is float64; a 0-dim scores also becomes shape [1]).

Cause: ex04_float64_tensor
"""

import torch


def scale_scores(scores, d_k):
    divisor = torch.sqrt(torch.tensor([d_k], dtype=torch.float64))
    return scores / divisor
