# Property-only answers: the right shapes, dtypes and graph, every value zero. Earns nothing.
import torch
def causal_mask(n, device=None): return torch.zeros(n, n, dtype=torch.bool, device=device)
def apply_mask(scores, mask): return scores * 0
