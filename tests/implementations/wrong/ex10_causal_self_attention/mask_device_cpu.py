"""causal_self_attention builds the mask with device="cpu" written out, whatever X's device.

Caught by: the meta-device case (masked_fill meets a meta tensor and a CPU mask); the line
that made the mask names a device, so only the meeting of the two devices is told.

Cause: device_mix
"""

import math

import torch


def causal_self_attention(X, W_Q, W_K, W_V):
    Q, K, V = X @ W_Q, X @ W_K, X @ W_V
    n = X.size(-2)
    mask = torch.tril(torch.ones(n, n, dtype=torch.bool, device="cpu"))
    scores = (Q @ K.transpose(-2, -1) / math.sqrt(Q.size(-1))).masked_fill(~mask, float("-inf"))
    weights = torch.softmax(scores, dim=-1)
    return weights @ V, weights
