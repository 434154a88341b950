"""generate_outputs takes each token with a single index, X[..., position, :], and stacks
the step outputs: for a 2-D X each step gets a 1-D x_t, one dimension short, and raises;
with batch dimensions the batch is taken for the positions.

Caught by: generate_outputs on 7 tokens (a 2-D X): the step finds no axis -2 in a tensor
of one dimension, where x_t should have two.

Cause: ex12_position_dropped
"""

import math

import torch


def attention_step(x_t, W_Q, W_K, W_V, cache=None):
    q, k, v = x_t @ W_Q, x_t @ W_K, x_t @ W_V
    if cache is not None:
        k = torch.cat([cache[0], k], dim=-2)
        v = torch.cat([cache[1], v], dim=-2)
    scores = q @ k.transpose(-2, -1) / math.sqrt(q.shape[-1])
    return torch.softmax(scores, dim=-1) @ v, (k, v)


def generate_outputs(X, W_Q, W_K, W_V):
    steps = []
    cache = None
    for position in range(X.shape[-2]):
        token = X[..., position, :]
        out, cache = attention_step(token, W_Q, W_K, W_V, cache)
        steps.append(out)
    return torch.stack(steps, dim=-2)
