"""hard_lookup ranks keys by cosine similarity (keys normalised) instead of the raw dot product.

Exposed by: Keys of different norms: the longest key with a slightly smaller angle wins the dot product but loses the cosine.

Cause: ex01_nearest_key
"""

from __future__ import annotations

import math

import torch


def hard_lookup(query, keys, values):
    unit_keys = keys / keys.norm(dim=-1, keepdim=True)
    scores = unit_keys @ query
    return values[torch.argmax(scores)]

def soft_lookup(query, keys, values):
    scores = keys @ query
    weights = torch.softmax(scores, dim=-1)
    return weights @ values
