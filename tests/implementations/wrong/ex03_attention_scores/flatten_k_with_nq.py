"""Flattens batch dims of K with Q's sequence length (reshape(-1, n_q, d_k)).

Exposed by: n_q != n_k with batch dims: wrong shape or error.

Cause: bad_reshape
"""

from __future__ import annotations

import math

import torch


def attention_scores(Q, K):
    n_q, d_k = Q.shape[-2:]
    Qf = Q.reshape(-1, n_q, d_k)
    Kf = K.reshape(-1, n_q, d_k)
    out = Qf @ Kf.transpose(-2, -1)
    return out.reshape(*Q.shape[:-2], n_q, -1)
