"""MISTAKE: scale_scores divides by torch.sqrt(torch.tensor([d_k])), a 1-element float32 CPU tensor that turns float16 scores into float32 and does not follow the scores' device.
FIX: Divide by the Python float math.sqrt(d_k).
"""

from __future__ import annotations

import torch


def scale_scores(scores: torch.Tensor, d_k: int) -> torch.Tensor:
    return scores / torch.sqrt(torch.tensor([float(d_k)]))
