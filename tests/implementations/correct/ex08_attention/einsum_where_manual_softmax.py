"""einsum for both products, torch.where masking with -inf, and a hand-written max-shift softmax.
"""

import math

import torch


def scaled_dot_product_attention(Q, K, V, mask=None):
    scores = torch.einsum("...qd,...kd->...qk", Q, K) * (1.0 / math.sqrt(Q.size(-1)))
    if mask is not None:
        scores = torch.where(mask.bool(), scores, float("-inf"))
    e = torch.exp(scores - scores.amax(dim=-1, keepdim=True))
    weights = e / e.sum(dim=-1, keepdim=True)
    output = torch.einsum("...qk,...kv->...qv", weights, V)
    return output, weights
