"""MISTAKE: Fills a table made with torch.zeros(...) without dtype or device, so the result is always float32 on the CPU: float64 (or float16) inputs come back as float32 and CUDA inputs come back on the CPU.
FIX: Create the table with Q.new_zeros(...) (or pass dtype=Q.dtype, device=Q.device), or simply return Q @ K.transpose(-2, -1).
"""
from __future__ import annotations

import torch


def attention_scores(Q: torch.Tensor, K: torch.Tensor) -> torch.Tensor:
    n_q, n_k = Q.shape[-2], K.shape[-2]
    scores = torch.zeros(*Q.shape[:-2], n_q, n_k)
    for i in range(n_q):
        for j in range(n_k):
            scores[..., i, j] = (Q[..., i, :] * K[..., j, :]).sum(dim=-1)
    return scores
