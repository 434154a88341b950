"""apply_mask adds a bias made by torch.where from two Python numbers, which is a float32
tensor whatever the scores' dtype: float16 scores come back float32 (float32 and float64
scores keep their dtype, float64 + float32 being float64).

Caught by: "float16 scores stay float16" (the values are right everywhere).

Cause: where_float32
"""

import torch


def causal_mask(n, device=None):
    return torch.ones(n, n, dtype=torch.bool, device=device).tril()


def apply_mask(scores, mask):
    bias = torch.where(mask == 0, float("-inf"), 0.0)
    return scores + bias
