"""CORRECT: hard_lookup selects the row with torch.gather on an expanded index, and soft_lookup blends by broadcasting the weights over the value columns and summing, with no matrix product at all.
"""
import torch


def hard_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    scores = (keys * query).sum(dim=-1)
    idx = scores.argmax().reshape(1, 1).expand(1, values.shape[-1])
    return torch.gather(values, 0, idx).reshape(values.shape[-1])


def soft_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    scores = (keys * query).sum(dim=-1)
    weights = torch.exp(scores - torch.logsumexp(scores, dim=0))
    return (weights[:, None] * values).sum(dim=0)
