"""Correct: einsum scores, torch.max(...).indices for the winner, torch.nn.functional.softmax.

Meant to satisfy the whole contract of ex01_soft_lookup.
"""

from __future__ import annotations

import math

import torch


def hard_lookup(query, keys, values):
    scores = torch.einsum("nd,d->n", keys, query)
    best = torch.max(scores, dim=0).indices
    return values[best]


def soft_lookup(query, keys, values):
    scores = torch.einsum("nd,d->n", keys, query)
    weights = torch.nn.functional.softmax(scores, dim=0)
    return torch.einsum("n,nv->v", weights, values)
