"""Explicit Python loops over the dictionary entries, built from differentiable tensor ops.

hard_lookup scans for the best entry like a dictionary search; soft_lookup sums
weight * value row by row.
"""

import torch


def hard_lookup(query, keys, values):
    best_i = 0
    best_score = None
    for i in range(keys.size(0)):
        s = float(torch.dot(keys[i], query))
        if best_score is None or s > best_score:
            best_i, best_score = i, s
    return values[best_i].clone()


def soft_lookup(query, keys, values):
    n = keys.size(0)
    scores = torch.stack([torch.dot(keys[i], query) for i in range(n)])
    weights = torch.exp(scores - torch.logsumexp(scores, dim=0))
    out = torch.zeros_like(values[0])
    for i in range(n):
        out = out + weights[i] * values[i]
    return out
