"""MISTAKE: It transposes K with transpose(0, 1), which for batched input swaps the batch axis with the token axis instead of tokens with features, so batched inputs raise or give wrong scores.
FIX: Use K.transpose(-2, -1) so only the token and feature axes swap.
"""

from __future__ import annotations

import torch


def attention_scores(Q: torch.Tensor, K: torch.Tensor) -> torch.Tensor:
    return Q @ K.transpose(0, 1)
