"""hard_lookup takes the argmax with keepdim=True, so the row comes back as [1, d_v].

Caught by: every hard_lookup case (the shape has an extra dimension of size 1 in front).

Cause: keepdim_index
"""

import torch


def hard_lookup(query, keys, values):
    best = torch.argmax(keys @ query, dim=-1, keepdim=True)
    return values[best]


def soft_lookup(query, keys, values):
    return torch.softmax(keys @ query, dim=-1) @ values
