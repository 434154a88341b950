"""hard_lookup forgets to sum the products: argmax over keys * query (largest single coordinate product).

Exposed by: Random keys/query where the best dot product does not contain the largest single product; n != d also shifts the row index.

Cause: ex01_largest_term
"""

from __future__ import annotations

import math

import torch


def hard_lookup(query, keys, values):
    products = keys * query  # [n, d] -- never summed
    best = torch.argmax(products) // keys.size(-1)
    return values[best]

def soft_lookup(query, keys, values):
    scores = keys @ query
    weights = torch.softmax(scores, dim=-1)
    return weights @ values
