"""MISTAKE: none (correct). It works in the log domain, softmax = exp(shifted - logsumexp(shifted)) after a max shift, so it never divides; half-precision inputs are worked on in float32 and cast back to their own dtype at the end.
FIX: none
"""

from __future__ import annotations

import torch


def softmax(x: torch.Tensor, dim: int = -1) -> torch.Tensor:
    work = x.to(torch.promote_types(x.dtype, torch.float32))
    shifted = work - work.amax(dim=dim, keepdim=True)
    log_z = torch.logsumexp(shifted, dim=dim, keepdim=True)
    return torch.exp(shifted - log_z).to(x.dtype)
