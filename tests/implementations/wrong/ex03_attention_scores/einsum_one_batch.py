"""An einsum that spells out one batch dimension: 'bqd,bkd->bqk'.

Caught by: unbatched inputs and two leading batch dimensions.

Cause: einsum_fixed_dims
"""
import torch


def attention_scores(Q, K):
    if Q.dim() == 2:
        return Q @ K.transpose(-2, -1)
    return torch.einsum("bqd,bkd->bqk", Q, K)
