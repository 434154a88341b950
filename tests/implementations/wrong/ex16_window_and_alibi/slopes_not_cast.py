"""biased_causal_attention uses the slopes as they come, without casting them to Q's dtype
and device: float64 slopes make float64 results, and CPU slopes meet meta scores.

Caught by: the float64-slopes case (float64 weights meet float32 values at `weights @ V`;
the same call with the slopes already in Q's dtype passes, which names the slopes), the
float16 case and the meta-device case.

Cause: ex16_slopes_not_cast
"""


from __future__ import annotations

import math

import torch


def sliding_window_mask(n: int, window: int, device=None) -> torch.Tensor:
    """Exercise 07's causal mask narrowed to a window of the most recent keys.

    Args:
        n:      the number of positions.
        window: how many keys each position keeps, itself included (>= 1).
        device: where to build the mask (default: the CPU).

    Returns:
        [n, n] torch.bool, True where i - window < j <= i.
    """
    if window < 1:
        raise ValueError(f"window must be at least 1, got {window}")
    # 1) how far back each key is: d[i, j] = i - j.
    positions = torch.arange(n, device=device)  # [n]
    back = positions[:, None] - positions[None, :]  # [n, n]
    # 2) the causal part (not the future) and the window (not too far back).
    return (back >= 0) & (back < window)  # [n, n] bool


def alibi_slopes(h: int) -> torch.Tensor:
    """ALiBi's slope of each head, the steepest first.

    Args:
        h: the number of heads (>= 1).

    Returns:
        [h] float32 on the CPU: 2 ** (-8 k / h) for k = 1..h when h is a power of two;
        otherwise the slopes for p (the largest power of two below h) followed by the
        slopes for 2p at positions 0, 2, 4, ... until there are h.
    """
    if h < 1:
        raise ValueError(f"the number of heads h must be at least 1, got {h}")

    def geometric(m: int) -> list[float]:
        # m a power of two: 2^(-8/m), 2^(-16/m), ..., 2^(-8) (first term = ratio)
        return [2.0 ** (-8.0 * k / m) for k in range(1, m + 1)]

    # 1) the largest power of two that is not above h (h itself when it is one).
    p = 2 ** int(math.floor(math.log2(h)))
    slopes = geometric(p)
    # 2) the places left: every other slope of 2p, from its first.
    slopes += geometric(2 * p)[0::2][: h - p]
    return torch.tensor(slopes, dtype=torch.float32)  # [h]


def biased_causal_attention(
    Q: torch.Tensor,
    K: torch.Tensor,
    V: torch.Tensor,
    slopes: torch.Tensor | None = None,
    window: int | None = None,
) -> tuple[torch.Tensor, torch.Tensor]:
    """Causal attention per head, with ALiBi's distance penalty and a sliding window.

    Args:
        Q:      [..., h, n, d_k]  queries.
        K:      [..., h, n, d_k]  keys.
        V:      [..., h, n, d_v]  values.
        slopes: None, or [h]: head k's scores get -slopes[k] * (i - j).
        window: None (the causal mask), or how many keys each position keeps (>= 1).

    Returns:
        (output [..., h, n, d_v], weights [..., h, n, n]), in Q's dtype and on its device.
    """
    if window is not None and window < 1:
        raise ValueError(f"window must be at least 1, got {window}")
    n, d_k = Q.size(-2), Q.size(-1)  # python ints
    # 1) the scaled scores, as in exercise 08.
    scores = Q @ K.transpose(-2, -1) / math.sqrt(d_k)  # [..., h, n, n]
    # 2) how far back each key is, on Q's device: d[i, j] = i - j.
    positions = torch.arange(n, device=Q.device)  # [n]
    back = positions[:, None] - positions[None, :]  # [n, n]
    # 3) ALiBi: each head's penalty, its slope times the distance.
    if slopes is not None:
        bias = -slopes[:, None, None] * back.to(Q.dtype)  # [h, n, n]
        scores = scores + bias  # [..., h, n, n]
    # 4) the causal mask, narrowed to the window when there is one.
    if window is None:
        allowed = back >= 0  # [n, n]
    else:
        allowed = sliding_window_mask(n, window, device=Q.device)  # [n, n]
    scores = scores.masked_fill(~allowed, float("-inf"))  # [..., h, n, n]
    # 5) softmax over the keys, then the weighted sum of the values.
    weights = torch.softmax(scores, dim=-1)  # [..., h, n, n]
    return weights @ V, weights  # [..., h, n, d_v], [..., h, n, n]
