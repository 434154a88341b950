"""unflatten / movedim for the heads, torch.finfo(dtype).min for blocked scores (safe in every dtype) and a hand-written softmax.
"""

import math

import torch


def split_heads(X, h):
    if X.size(-1) % h != 0:
        raise ValueError("h does not divide d_model")
    return X.unflatten(-1, (h, X.size(-1) // h)).movedim(-2, -3)


def merge_heads(X):
    return X.movedim(-3, -2).flatten(-2)


def multi_head_attention(X_q, X_kv, W_Q, W_K, W_V, W_O, h, mask=None):
    Q, K, V = (split_heads(x @ w, h) for x, w in ((X_q, W_Q), (X_kv, W_K), (X_kv, W_V)))
    scores = Q @ K.mT / math.sqrt(Q.shape[-1])
    if mask is not None:
        blocked = mask == 0
        if blocked.dim() >= 2:
            blocked = blocked.unsqueeze(-3)
        scores = scores.masked_fill(blocked, torch.finfo(scores.dtype).min)
    e = torch.exp(scores - scores.amax(dim=-1, keepdim=True))
    weights = e / e.sum(dim=-1, keepdim=True)
    return merge_heads(weights @ V) @ W_O, weights
