"""Computes the weighted sum but forgets the return statement.

Caught by: any case (None comes back).

Cause: no_return
"""
import torch


def weighted_sum(weights, V):
    output = weights @ V
