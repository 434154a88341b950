"""einsum over the key axis with an ellipsis for the batch dimensions.
"""

import torch


def weighted_sum(weights, V):
    return torch.einsum("...qk,...kv->...qv", weights, V)
