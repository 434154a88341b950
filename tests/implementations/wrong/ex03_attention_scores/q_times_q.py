"""Multiplies Q by its own transpose (Q @ Qᵀ) instead of by K's.

Caught by: n_q != n_k (the shape is [n_q, n_q]).

Cause: shape_generic
"""
import torch


def attention_scores(Q, K):
    return Q @ Q.transpose(-2, -1)
