"""soft_lookup builds the weights from Python floats (math.exp over .tolist()), cutting the graph.

Exposed by: Gradient w.r.t. query and keys is missing; the forward value is correct.

Cause: rebuilt_tensor
"""

from __future__ import annotations

import math

import torch


def hard_lookup(query, keys, values):
    scores = keys @ query
    return values[torch.argmax(scores)]

def soft_lookup(query, keys, values):
    scores = (keys @ query).tolist()
    top = max(scores)
    exps = [math.exp(s - top) for s in scores]
    total = sum(exps)
    weights = torch.tensor([e / total for e in exps], dtype=values.dtype, device=values.device)
    return weights @ values
