"""Explicit loop over the keys: accumulate weight[:, j] times value row j, as in the seed's picture.
"""

import torch


def weighted_sum(weights, V):
    n_k = V.size(-2)
    out = torch.zeros(
        torch.broadcast_shapes(weights.shape[:-1], V.shape[:-2] + (1,)) + (V.size(-1),),
        dtype=torch.result_type(weights, V),
        device=weights.device,
    )
    for j in range(n_k):
        out = out + weights[..., :, j : j + 1] * V[..., j : j + 1, :]
    return out
