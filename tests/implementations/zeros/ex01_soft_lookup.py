# Property-only answers: the right shapes, dtypes and graph, every value zero. Earns nothing.
import torch
def hard_lookup(query, keys, values): return values[0] * 0
def soft_lookup(query, keys, values): return (values * 0).sum(0) + 0 * query.sum() + 0 * keys.sum()
