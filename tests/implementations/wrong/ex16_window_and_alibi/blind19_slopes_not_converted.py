"""biased_causal_attention uses the slopes without .to(Q.dtype, Q.device): float32 slopes
promote float16 scores to float32 (then weights @ V meets float16 V), float64 slopes do
the same to float32 scores, and CPU slopes meet meta scores.

FIX: m = slopes.to(dtype=Q.dtype, device=Q.device).view(-1, 1, 1).

Caught by: blind set 19 (ex16 w11); the float64-slopes case, the float16 case and the
meta-device case (float32 and float64 on the CPU with slopes of Q's dtype pass).

Cause: ex16_slopes_not_cast
"""

from __future__ import annotations

import math

import torch


def sliding_window_mask(n: int, window: int, device=None) -> torch.Tensor:
    """Exercise 07's causal mask narrowed to a window of the most recent keys."""
    if window < 1:
        raise ValueError(f"window must be at least 1, got {window}")
    i = torch.arange(n, device=device).unsqueeze(1)   # query positions (rows)
    j = torch.arange(n, device=device).unsqueeze(0)   # key positions (columns)
    return (j <= i) & (i - j < window)


def _power_of_two_slopes(n: int) -> list[float]:
    return [2 ** (-8 * k / n) for k in range(1, n + 1)]


def alibi_slopes(h: int) -> torch.Tensor:
    """ALiBi's slope of each head, the steepest first."""
    if h < 1:
        raise ValueError(f"h must be at least 1, got {h}")
    if math.log2(h).is_integer():
        slopes = _power_of_two_slopes(h)
    else:
        p = 2 ** math.floor(math.log2(h))
        slopes = _power_of_two_slopes(p) + _power_of_two_slopes(2 * p)[0::2][: h - p]
    return torch.tensor(slopes, dtype=torch.float32)


def biased_causal_attention(
    Q: torch.Tensor,
    K: torch.Tensor,
    V: torch.Tensor,
    slopes: torch.Tensor | None = None,
    window: int | None = None,
) -> tuple[torch.Tensor, torch.Tensor]:
    """Causal attention per head, with ALiBi's distance penalty and a sliding window."""
    n = Q.size(-2)
    allowed = sliding_window_mask(n, n if window is None else window, device=Q.device)
    scores = Q @ K.transpose(-2, -1) / math.sqrt(Q.size(-1))
    if slopes is not None:
        pos = torch.arange(n, device=Q.device)
        dist = (pos.unsqueeze(1) - pos.unsqueeze(0)).to(Q.dtype)   # i - j
        m = slopes.view(-1, 1, 1)
        scores = scores - m * dist
    scores = scores.masked_fill(~allowed, float("-inf"))
    weights = torch.softmax(scores, dim=-1)
    output = weights @ V
    return output, weights
