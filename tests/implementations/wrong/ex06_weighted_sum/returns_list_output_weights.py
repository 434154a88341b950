"""Returns the list [output, weights] instead of the output tensor alone.

Caught by: any case (a list is not a tensor).

Cause: result_list_item
"""
import torch


def weighted_sum(weights, V):
    return [weights @ V, weights]
