"""Correct: Flatten broadcast batch dims, torch.bmm, reshape back.

Meant to satisfy the whole contract of ex06_weighted_sum.
"""

from __future__ import annotations

import math

import torch


def weighted_sum(weights, V):
    batch = torch.broadcast_shapes(weights.shape[:-2], V.shape[:-2])
    n_q, n_k = weights.shape[-2:]
    d_v = V.size(-1)
    wf = weights.expand(*batch, n_q, n_k).reshape(-1, n_q, n_k)
    vf = V.expand(*batch, n_k, d_v).reshape(-1, n_k, d_v)
    return torch.bmm(wf, vf).reshape(*batch, n_q, d_v)
