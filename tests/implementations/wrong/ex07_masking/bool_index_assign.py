"""apply_mask assigns out[mask == 0] = -inf: a boolean index needs the whole shape of the
scores and does not broadcast, so a key mask [n_k] over batched scores raises.

Caught by: the broadcasting cases; named from the line that raised (an assignment through a
boolean index of the mask, and torch's message that the mask's shape does not match). From
blind set 5 (no cause in its first run).

Cause: bool_index_assign
"""

from __future__ import annotations

import torch


def causal_mask(n: int, device=None) -> torch.Tensor:
    return torch.tril(torch.ones(n, n, dtype=torch.bool, device=device))


def apply_mask(scores: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    out = scores.clone()
    out[mask == 0] = float("-inf")
    return out
