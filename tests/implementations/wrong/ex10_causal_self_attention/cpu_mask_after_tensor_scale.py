"""causal_self_attention builds the causal mask with torch.ones and no device, so on the CPU whatever X's device.

Its scale is a 0-dim tensor made earlier without a device either, `torch.tensor(d_k, ...)`:
that line works on every device (a 0-dim CPU tensor meets any device, as a number does),
so the report quotes the mask's line, never the scale's.

Caught by: the meta-device case (masked_fill meets the meta scores and the CPU mask).

Cause: made_on_cpu
"""
import torch


def causal_self_attention(X, W_Q, W_K, W_V):
    Q, K, V = X @ W_Q, X @ W_K, X @ W_V
    d_k = torch.tensor(Q.size(-1), dtype=X.dtype)
    scores = Q @ K.transpose(-2, -1) / torch.sqrt(d_k)
    n = X.size(-2)
    mask = torch.tril(torch.ones(n, n, dtype=torch.bool))
    scores = scores.masked_fill(~mask, float("-inf"))
    weights = torch.softmax(scores, dim=-1)
    return weights @ V, weights
