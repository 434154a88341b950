"""hard_lookup sums the products (keys * query) over dim 0, the keys, instead of the features.

Caught by: the case whose classic mistakes each pick a row of their own (the sum over the
keys gives one score per feature, and its argmax indexes the values by a feature).

Cause: ex01_summed_over_keys
"""

import torch


def hard_lookup(query, keys, values):
    return values[torch.argmax((keys * query).sum(0))]


def soft_lookup(query, keys, values):
    return torch.softmax(keys @ query, dim=-1) @ values
