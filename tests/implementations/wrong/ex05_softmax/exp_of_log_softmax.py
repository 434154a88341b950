"""Computes exp(torch.log_softmax(x)), a ready-made softmax from the forbidden log-softmax family.

Caught by: forbidden call.

Cause: forbidden_call
"""

import torch


def softmax(x, dim=-1):
    return torch.exp(torch.log_softmax(x, dim=dim))
