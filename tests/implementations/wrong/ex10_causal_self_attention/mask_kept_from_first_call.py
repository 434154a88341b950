"""causal_self_attention keeps its causal mask in a module-level name, built on the first
call only: every later call uses the first call's mask, its size and its device.

Caught by: every case after the first one whose sequence length (or device) differs (the
kept mask does not fit the scores); the line that made it takes the input's own length and
device, so the mask that did not fit was made by an earlier call.

Cause: kept_from_earlier_call
"""

import math

import torch

CAUSAL = None


def causal_self_attention(X, W_Q, W_K, W_V):
    global CAUSAL
    Q, K, V = X @ W_Q, X @ W_K, X @ W_V
    size = X.shape[-2]
    if CAUSAL is None:
        CAUSAL = torch.ones(size, size, dtype=torch.bool, device=X.device).tril()
    scores = Q @ K.mT / math.sqrt(K.shape[-1])
    weights = torch.softmax(torch.where(CAUSAL, scores, float("-inf")), dim=-1)
    return weights @ V, weights
