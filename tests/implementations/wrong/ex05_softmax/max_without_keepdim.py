"""Takes the max without keepdim=True, so it broadcasts against the wrong axis.

Caught by: non-square 2-D or batched inputs (shape error) and square ones (each column is
shifted by a different row's max, so values change and large inputs overflow). 1-D inputs pass.

Cause: ex05_no_keepdim
"""

import torch


def softmax(x, dim=-1):
    m = x.max(dim=dim).values
    e = torch.exp(x - m)
    return e / e.sum(dim=dim, keepdim=True)
