"""MISTAKE: hard_lookup takes the argmax over the flattened element-wise products keys * query and maps it back to a row, so it picks the key with the single largest product term instead of the largest dot product. It shows whenever the best-scoring key does not also contain the biggest individual term (e.g. keys [[3, -3], [1, 1]] with query [1, 1]).
FIX: Sum the products over the feature axis first (scores = keys @ query) and take the argmax of those n scores.
"""

from __future__ import annotations

import torch


def hard_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    # how well each feature of each key matches the query
    products = keys * query                      # [n, d]
    flat_idx = torch.argmax(products)            # index into the flattened [n*d] table
    best = flat_idx // keys.shape[1]             # row of that entry = the winning key
    return values[best]


def soft_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    scores = keys @ query
    weights = torch.softmax(scores, dim=0)
    return weights @ values
