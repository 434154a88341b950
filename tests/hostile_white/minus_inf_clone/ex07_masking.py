# ATTACK (breach 2): apply_mask leaves the scores as they are; where -inf is expected,
# atol + rtol * |inf| used to be inf, so any finite value passed. causal_mask is right.
import torch


def causal_mask(n, device=None):
    return torch.tril(torch.ones(n, n, dtype=torch.bool, device=device))


def apply_mask(scores, mask):
    return scores.clone()
