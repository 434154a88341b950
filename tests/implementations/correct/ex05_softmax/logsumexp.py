"""exp(x - logsumexp(x)): the log-sum-exp trick in one line.

-inf entries give exp(-inf) = 0; float32 results for ±1e4 inputs agree with the reference
up to a few float32 rounding steps of the 1e4-sized logsumexp.
"""

import torch


def softmax(x, dim=-1):
    return torch.exp(x - torch.logsumexp(x, dim=dim, keepdim=True))
