"""Exercise 16 · Sliding window and ALiBi — 练习 16 · 滑动窗口与 ALiBi

Lesson section / 课文章节: modern attention: §7, the causal mask: a window and a distance bias / 现代注意力：第 7 节 因果掩码：窗口与距离偏置

WHAT / 概念
  Section 7 of the lesson lets position i attend to positions 0..i and nothing later:
  the lower-triangular mask, True on and below the diagonal. A mask is nothing but a
  number added to each score before the softmax: 0 where a key is allowed, -inf where
  it is blocked. Two ideas that current models use change that number, and both start
  from the lesson's mask.

  The sliding window blocks more. Position i keeps only the `window` most recent keys,
  itself and the window - 1 before it: i - window < j <= i. Longformer (Beltagy, Peters
  and Cohan, 2020) gave each token a fixed-size band of neighbours so that the cost
  grows with n × window instead of n²; Mistral 7B (Jiang et al., 2023) uses the causal
  version in every layer (a window of 4096 tokens). One layer sees only `window` keys,
  but layers are stacked: what position j knew reaches position i through a chain of
  windows, so after L layers information can travel about L × (window - 1) positions.
  And the KV cache of exercise 12 needs only the last `window` keys and values. With
  window >= n, nothing more is blocked and the mask is exercise 07's again; with
  window = 1, each position sees only itself (the diagonal).

  ALiBi, attention with linear biases (Press, Smith and Lewis, 2022), softens the mask
  instead. Rather than block far keys with -inf, it adds a finite penalty that grows
  with the distance: key j, i - j positions back, loses slope × (i - j) from its score.
  The model needs no position embeddings at all; since the penalty depends only on the
  distance, a model trained on short texts keeps working on longer ones (the paper's
  title: "train short, test long"). Each head gets its own slope, a geometric sequence:
  for h heads (h a power of two) the first slope is 2^(-8/h) and each next one is the
  one before times 2^(-8/h), so with 8 heads 1/2, 1/4, ..., 1/256. A head with a steep
  slope looks at its close neighbours; one with a gentle slope looks far back. The
  paper's models all have a power of two of heads; for any other h its code builds the
  list this way: the slopes of p, the largest power of two below h, then, for the h - p
  places left, the slopes of 2p taken at every other position from the first ([0::2]),
  which fall between the slopes already taken. Where the mask adds -inf, ALiBi adds a
  finite number: a blocked key can never take weight, a far key still can if its score
  is high enough. ALiBi keeps the causal mask for the future and biases only the past;
  the window and the bias combine freely (this function takes either, both or neither).

  课文第 7 节让位置 i 只关注位置 0..i，不看后面的位置：这就是下三角掩码，对角线及其下方为
  True。掩码其实就是在 softmax 之前给每个分数加上的一个数：允许的键加 0，被挡住的键加
  -inf。如今的模型用两种办法改动这个数，二者都从课文的掩码出发。

  滑动窗口挡住更多的键。位置 i 只保留最近的 `window` 个键：它自己和它前面的 window - 1
  个，即 i - window < j <= i。Longformer（Beltagy、Peters、Cohan，2020）给每个词一个固定
  宽度的邻域带，于是开销随 n × window 增长，而不是 n²；Mistral 7B（Jiang 等，2023）在每一
  层都用它的因果版本（窗口为 4096 个词）。一层只看 `window` 个键，但层是叠起来的：位置 j
  的信息可以沿着一串窗口传到位置 i，所以经过 L 层，信息大约能传 L × (window - 1) 个位置。
  练习 12 的 KV 缓存也只需保留最近的 `window` 个键和值。window >= n 时不会多挡任何键，
  掩码又回到练习 07 的因果掩码；window = 1 时，每个位置只看到自己（对角线）。

  ALiBi，即带线性偏置的注意力（Press、Smith、Lewis，2022），则把掩码放“软”。它不用 -inf
  挡住远处的键，而是加上一个随距离增长的有限惩罚：往回 i - j 个位置的键 j，分数减去
  slope × (i - j)。模型完全不需要位置嵌入；由于惩罚只取决于距离，在短文本上训练的模型
  在更长的文本上也能工作（论文标题就是“train short, test long”）。每个头有自己的斜率，
  构成一个等比数列：h 个头（h 是 2 的幂）时，第一个斜率是 2^(-8/h)，后面每个都是前一个
  乘以 2^(-8/h)，所以 8 个头时是 1/2、1/4、……、1/256。斜率陡的头只看近邻，斜率平缓的头
  能看得很远。论文中的模型头数都是 2 的幂；对其他的 h，论文的代码这样构造斜率：先取小于 h
  的最大的 2 的幂 p 的斜率，剩下的 h - p 个位置用 2p 的斜率从第一个起每隔一个取（[0::2]）
  来填，这些斜率恰好落在已取的斜率之间。掩码加的是 -inf，ALiBi 加的是一个有限的数：被挡住
  的键永远分不到权重，远处的键只要分数够高仍然可以。ALiBi 对未来仍保留因果掩码，只给过去
  加偏置；窗口和偏置可以自由组合（本函数接受只给其一、两者都给或都不给）。

FORMULA / 公式
  sliding_window_mask: allowed[i, j] = (j <= i) and (i - j < window)
                       n = 5, window = 2:  row 3 sees keys 2 and 3 / 第 3 行看到键 2 和 3
  alibi_slopes:  h a power of two / h 是 2 的幂:  m_k = 2 ** (-8 * k / h),  k = 1..h
                 otherwise / 否则:  p = 2 ** floor(log2 h),
                                    slopes(h) = slopes(p) + slopes(2p)[0::2][:h - p]
                 h = 8: 1/2, 1/4, ..., 1/256;   h = 3: 1/16, 1/256, 1/4
  biased_causal_attention, head k / 第 k 个头:
      s[i, j] = q_i · k_j / √d_k - m_k · (i - j)     (the bias only when slopes is given)
      s[i, j] = -inf where j > i, or i - j >= window (when window is given)
      weights = softmax(s) over the keys,  output = weights @ V

SHAPES / 形状
  sliding_window_mask(n, window, device=None) -> [n, n] torch.bool
  alibi_slopes(h) -> [h] float32, on the CPU
  biased_causal_attention: Q, K [..., h, n, d_k],  V [..., h, n, d_v],  slopes [h] or None,
                           window an int or None
                           -> output [..., h, n, d_v],  weights [..., h, n, n]

RETURN / 返回
  sliding_window_mask: True where position i (row) may attend to position j (column).
  alibi_slopes: the h slopes, the steepest first.
  biased_causal_attention: (output, weights) in Q's dtype and on Q's device; blocked
  weights are exactly 0.
  sliding_window_mask：位置 i（行）可以关注位置 j（列）的地方为 True。
  alibi_slopes：h 个斜率，最陡的在前。
  biased_causal_attention：(output, weights)，dtype 和设备都与 Q 相同；被挡住的权重恰好为 0。

RULES / 规则
  Allowed / 允许: torch.arange, comparisons (<=, <, &), torch.tril / torch.triu,
                  masked_fill, torch.softmax, @ / torch.matmul, math.log2, Python lists
  Forbidden / 禁止: torch.nn.functional.scaled_dot_product_attention (its attn_mask could
                    carry the bias), torch.nn.MultiheadAttention,
                    torch.nn.functional.multi_head_attention_forward;
                    importing another exercise
  Errors / 错误: window < 1 (in both functions that take it) and h < 1 raise ValueError.
  window < 1（两个接受它的函数都一样）和 h < 1 抛出 ValueError。
  Devices / 设备: build positions and masks on Q's device (or on `device`); cast the
  slopes to Q's dtype and device.
  位置和掩码在 Q 的设备上（或 `device` 上）构造；斜率转换成 Q 的 dtype 和设备。
  Imports / 导入: torch, math and the standard library only; numpy is refused: a result
                  must stay a torch tensor, and a numpy array loses its gradient and device.
  只能导入 torch、math 和标准库；numpy 会被拒绝：结果必须是 torch 张量，而 numpy 数组
  会丢掉它的梯度和设备。
  Keep the input dtype and device; never modify an input in place.
  保持输入的 dtype 和 device；不要原地修改输入。

CHECK / 检查
  attn-kit watch         (checks this file each time you save it / 每次保存时自动检查)
  attn-kit check 16      (once / 检查一次;  hint / 提示: attn-kit hint 16)
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
    # TODO: refuse window < 1, then True where j <= i and i - j < window
    ### BEGIN SOLUTION
    if window < 1:
        raise ValueError(f"window must be at least 1, got {window}")
    # 1) how far back each key is: d[i, j] = i - j.
    positions = torch.arange(n, device=device)  # [n]
    back = positions[:, None] - positions[None, :]  # [n, n]
    # 2) the causal part (not the future) and the window (not too far back).
    return (back >= 0) & (back < window)  # [n, n] bool
    ### END SOLUTION


def alibi_slopes(h: int) -> torch.Tensor:
    """ALiBi's slope of each head, the steepest first.

    Args:
        h: the number of heads (>= 1).

    Returns:
        [h] float32 on the CPU: 2 ** (-8 k / h) for k = 1..h when h is a power of two;
        otherwise the slopes for p (the largest power of two below h) followed by the
        slopes for 2p at positions 0, 2, 4, ... until there are h.
    """
    # TODO: refuse h < 1; the geometric slopes for a power of two, the paper's rule otherwise
    ### BEGIN SOLUTION
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
    ### END SOLUTION


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
    # TODO: scaled scores, minus slope * (i - j) per head, the causal (and window) mask, softmax
    ### BEGIN SOLUTION
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
        slopes = slopes.to(device=Q.device, dtype=Q.dtype)  # [h]
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
    ### END SOLUTION
