"""Does the product in numpy and returns the numpy array.

Caught by: any case (a numpy array is not a torch.Tensor).

Cause: numpy_result
"""
import torch


def weighted_sum(weights, V):
    return weights.detach().numpy() @ V.detach().numpy()
