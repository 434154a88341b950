"""Wraps the result in torch.nn.Parameter, a subclass of torch.Tensor.

Caught by: any case (the contract wants a plain tensor).

Cause: tensor_subclass
"""
import torch


def weighted_sum(weights, V):
    return torch.nn.Parameter(weights @ V, requires_grad=False)
