"""soft_lookup blends the KEY rows instead of the value rows.

Exposed by: d != d_v gives a wrong shape; even with d == d_v the values differ.

Cause: ex01_blends_keys
"""

from __future__ import annotations

import math

import torch


def hard_lookup(query, keys, values):
    scores = keys @ query
    return values[torch.argmax(scores)]

def soft_lookup(query, keys, values):
    weights = torch.softmax(keys @ query, dim=-1)
    return weights @ keys
