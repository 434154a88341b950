"""MISTAKE: computes Qᵀ K (transposing Q) instead of Q Kᵀ, giving a [d_k, d_k] table of feature correlations.
FIX: transpose K, not Q: `Q @ K.transpose(-2, -1)`.

Raises when n_q != n_k; when n_q == n_k it returns a [..., d_k, d_k] tensor, which is
the wrong shape unless d_k == n too, and then the wrong values.

Cause: misplaced_transpose
"""

from __future__ import annotations

import torch


def attention_scores(Q: torch.Tensor, K: torch.Tensor) -> torch.Tensor:
    return Q.transpose(-2, -1) @ K
