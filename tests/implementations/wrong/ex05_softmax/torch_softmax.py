"""Calls the ready-made torch.softmax, which exercise 05 forbids.

Caught by: forbidden call.

Cause: forbidden_call
"""

import torch


def softmax(x, dim=-1):
    return torch.softmax(x, dim=dim)
