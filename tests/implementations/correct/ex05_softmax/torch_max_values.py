"""Classic max-shift softmax with torch.max(...).values, torch.exp and torch.sum.
"""

import torch


def softmax(x, dim=-1):
    row_max = torch.max(x, dim=dim, keepdim=True).values
    e = torch.exp(x - row_max)
    return e / torch.sum(e, dim=dim, keepdim=True)
