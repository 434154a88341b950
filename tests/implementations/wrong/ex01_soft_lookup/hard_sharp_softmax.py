"""hard_lookup is a softmax with a tiny temperature: it still blends the value rows.

Caught by: two keys nearly tie for the best score, where the blend is visible (a hard lookup returns
exactly one row, bit for bit).

Cause: ex01_sharp_softmax
"""
import torch


def hard_lookup(query, keys, values):
    weights = torch.softmax((keys @ query) / 1e-3, dim=-1)
    return weights @ values


def soft_lookup(query, keys, values):
    return torch.softmax(keys @ query, dim=-1) @ values
