"""Multiplies Q @ K without transposing K.

Caught by: square shapes (wrong values), and every other case (the product cannot be taken).

Cause: ex03_no_transpose
"""
import torch


def attention_scores(Q, K):
    return Q @ K
