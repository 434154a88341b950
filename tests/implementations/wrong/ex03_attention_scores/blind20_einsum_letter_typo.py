"""MISTAKE: einsum typo '...ic,...jd->...ij': the feature axis of Q and of K get different letters, so each is summed on its own and the scores are (sum_c Q_ic)(sum_d K_jd).
FIX: One letter for the shared axis: torch.einsum('...id,...jd->...ij', Q, K).

Cause: ex03_sums_multiplied
"""

from __future__ import annotations

import torch


def attention_scores(Q: torch.Tensor, K: torch.Tensor) -> torch.Tensor:
    """Raw dot-product scores of every query against every key.

    Args:
        Q: [..., n_q, d_k]  queries.
        K: [..., n_k, d_k]  keys.

    Returns:
        [..., n_q, n_k]  scores[..., i, j] = Q[..., i, :] · K[..., j, :], unscaled.
    """
    return torch.einsum("...ic,...jd->...ij", Q, K)
