"""Flattens the leading batch dimensions to use 2-D products and never reshapes back.

Caught by: batched inputs (the result loses its batch dimensions).

Cause: flattened_batch
"""
import torch


def weighted_sum(weights, V):
    w = weights.reshape(-1, weights.shape[-1])          # [B * n_q, n_k]
    v = V.reshape(-1, V.shape[-2], V.shape[-1])[0]      # the first V only
    return w @ v
