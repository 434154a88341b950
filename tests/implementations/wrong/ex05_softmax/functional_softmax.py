"""Calls the ready-made torch.nn.functional.softmax, which exercise 05 forbids.

Caught by: forbidden call.

Cause: forbidden_call
"""

import torch.nn.functional as F


def softmax(x, dim=-1):
    return F.softmax(x, dim=dim)
