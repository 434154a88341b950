"""CORRECT: Contracts the last axis of X with the first axis of each matrix via torch.tensordot, which handles any number of leading batch dims without @.
"""
from __future__ import annotations

import torch


def _project(X: torch.Tensor, W: torch.Tensor) -> torch.Tensor:
    return torch.tensordot(X, W, dims=([X.dim() - 1], [0]))


def project_qkv(
    X: torch.Tensor,
    W_Q: torch.Tensor,
    W_K: torch.Tensor,
    W_V: torch.Tensor,
) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    return _project(X, W_Q), _project(X, W_K), _project(X, W_V)
