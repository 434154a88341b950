"""MISTAKE: hard_lookup builds a one-hot selector with .float() and matmuls it with values, which fails (or changes dtype) whenever values are not float32, e.g. float64.
FIX: Index values directly with the argmax (values[idx]), or cast the one-hot with .to(values.dtype).
"""
import torch
import torch.nn.functional as F


def hard_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    scores = keys @ query
    selector = F.one_hot(scores.argmax(), num_classes=keys.shape[0]).float()
    return selector @ values


def soft_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    weights = torch.softmax(keys @ query, dim=0)
    return weights @ values
