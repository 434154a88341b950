"""hard_lookup walks the keys with a running best score that starts at 0.0 instead of
-inf: when every score is negative, no key beats it and the first value row comes back.

Caught by: the case where every score is below 0 (the same code finds the right row once
the query is turned round, so every score is above 0).

Cause: ex01_best_from_zero
"""

import torch


def hard_lookup(query, keys, values):
    winner, top = 0, 0.0
    for row, key in enumerate(keys):
        score = (key * query).sum().item()
        if score > top:
            winner, top = row, score
    return values[winner]


def soft_lookup(query, keys, values):
    return torch.softmax(keys @ query, dim=-1) @ values
