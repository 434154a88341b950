"""Builds the output row by row in a Python list and returns the list.

Caught by: any case (a list is not a tensor).

Cause: result_is_list
"""
import torch


def weighted_sum(weights, V):
    return [row @ V for row in weights]
