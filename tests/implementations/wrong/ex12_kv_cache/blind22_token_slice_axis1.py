"""MISTAKE: generate_outputs takes the token as x_t = X[:, t:t+1], the positions' axis only for a 3-D [B, n, d] X; a 2-D X gets a column of features (the product in the step does not fit), a 4-D X a slice of its second batch axis.
FIX: Take token t counted from the end: X[..., t : t + 1, :].

Caught by: blind set 22 (the 2-D case: torch's shape error in the step, which uses what the slice made).

Cause: ex12_slice_axis
"""

from __future__ import annotations

import math

import torch


def attention_step(
    x_t: torch.Tensor,
    W_Q: torch.Tensor,
    W_K: torch.Tensor,
    W_V: torch.Tensor,
    cache: tuple[torch.Tensor, torch.Tensor] | None = None,
) -> tuple[torch.Tensor, tuple[torch.Tensor, torch.Tensor]]:
    """One generation step: the newest token attends to itself and every cached token.

    Args:
        x_t:   [..., 1, d_model]  the newest token.
        W_Q:   [d_model, d_k]
        W_K:   [d_model, d_k]
        W_V:   [d_model, d_v]
        cache: None (the first token), or (K_past [..., t, d_k], V_past [..., t, d_v]).

    Returns:
        (out_t [..., 1, d_v], (K [..., t+1, d_k], V [..., t+1, d_v])); the cache that
        was passed in is left unchanged.
    """
    q, k, v = x_t @ W_Q, x_t @ W_K, x_t @ W_V
    if cache is None:
        K, V = k, v
    else:
        K_past, V_past = cache
        K = torch.cat([K_past, k], dim=-2)
        V = torch.cat([V_past, v], dim=-2)
    scores = q @ K.transpose(-2, -1) / math.sqrt(q.size(-1))
    weights = torch.softmax(scores, dim=-1)
    return weights @ V, (K, V)


def generate_outputs(
    X: torch.Tensor,
    W_Q: torch.Tensor,
    W_K: torch.Tensor,
    W_V: torch.Tensor,
) -> torch.Tensor:
    """Feed X through attention_step one token at a time, carrying the cache along.

    Args:
        X:   [..., n, d_model]  the sequence (any leading batch dims).
        W_Q: [d_model, d_k]
        W_K: [d_model, d_k]
        W_V: [d_model, d_v]

    Returns:
        [..., n, d_v]: the same as causal self-attention's output (exercise 10).
    """
    outs = []
    cache = None
    n = X.shape[-2]
    for t in range(n):
        x_t = X[:, t:t + 1]
        out_t, cache = attention_step(x_t, W_Q, W_K, W_V, cache)
        outs.append(out_t)
    return torch.cat(outs, dim=-2)
