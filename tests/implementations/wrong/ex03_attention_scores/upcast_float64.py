"""attention_scores computes Q.double() @ K.double(): float32 in, float64 out.

Caught by: the float32 case (added for it: 03 had only a float64 one), named by the line
that converts to the dtype that came back. From blind set 5, where it passed every case.

Cause: dtype_cast
"""

from __future__ import annotations

import torch


def attention_scores(Q: torch.Tensor, K: torch.Tensor) -> torch.Tensor:
    return Q.double() @ K.double().transpose(-2, -1)
