"""Forgets to subtract the row max: exp overflows for large inputs and gives NaN.

Caught by: large-magnitude inputs (values around +1e4 give inf / inf = NaN; float32
already overflows above about 88).

Cause: softmax_no_shift
"""

import torch


def softmax(x, dim=-1):
    e = torch.exp(x)
    return e / e.sum(dim=dim, keepdim=True)
