"""Exercise 07 · Causal mask — 练习 07 · 因果掩码

Lesson section / 课文章节: §7 causal mask / 第 7 节 因果掩码

WHAT / 概念
  A language model such as GPT learns to predict the next token. During training the
  whole sentence goes in at once, and every position i is asked to predict token i + 1.
  If position i could attend to positions after it, it could simply read the answer: the
  model would cheat, and at generation time, when the future does not exist yet, it would
  meet a situation it never trained for. So each position may look only at itself and
  at the past.

  We enforce this with a mask over the score matrix. Row i is the query position, column
  j the key position, and j may be attended to only when j <= i: the lower triangle
  including the diagonal. Convention in this kit (and in PyTorch's
  scaled_dot_product_attention): the mask is a bool tensor, True = may attend,
  False = blocked. A 0/1 tensor of any dtype means the same (1 = may attend, 0 = blocked),
  so test for blocked entries with `mask == 0`; that works for both.

  Blocking happens before the softmax: a blocked score is replaced by exactly
  float("-inf"). Then exp(-inf) = 0, the blocked weight is exactly 0, and the allowed
  weights still sum to 1. A score of 0 would not do, since exp(0) = 1 is a real share;
  zeroing weights after the softmax would not do either, as the rows would no longer sum
  to 1. Encoders (BERT) usually use no causal mask; decoders (GPT) must.

  像 GPT 这样的语言模型学习的是预测下一个词。训练时整句话一次性输入，
  每个位置 i 都要预测第 i + 1 个词。如果位置 i 能关注到它后面的位置，
  它直接就能读到答案——这就是作弊；而到了生成时，未来的词根本还不存在，
  模型会遇到训练时从没见过的情形。所以每个位置只能看自己和过去。

  我们用一张盖在分数矩阵上的掩码来保证这一点。第 i 行是查询位置，第 j 列是键位置，
  只有当 j <= i 时才允许关注：也就是包括对角线在内的下三角。本套练习的约定
  （与 PyTorch 的 scaled_dot_product_attention 相同）：掩码是 bool 张量，
  True = 允许关注，False = 禁止。任意 dtype 的 0/1 张量含义相同（1 = 允许，0 = 禁止），
  所以用 `mask == 0` 判断哪些位置被禁止，两种写法都适用。

  屏蔽发生在 softmax 之前：被禁止的分数替换成恰好 float("-inf")。
  于是 exp(-inf) = 0，被禁止的权重恰好为 0，而允许的权重加起来仍然是 1。
  换成 0 分是不行的，因为 exp(0) = 1 仍然是一份实打实的权重；
  在 softmax 之后再把权重清零也不行，那样每行的和就不再是 1。
  编码器（BERT）通常不加因果掩码；解码器（GPT）必须加。

FORMULA / 公式
  mask[i, j]   = True if j <= i else False
  masked[i, j] = scores[i, j] if mask[i, j] else -inf

  Example / 例子 (3 tokens -> a 3 x 3 mask / 3 个词 -> 3 x 3 掩码):
    causal_mask(3) = [[ True, False, False],     token 1 sees only itself / 只看自己
                      [ True,  True, False],
                      [ True,  True,  True]]     token 3 sees tokens 1..3 / 看 1~3
  (The lesson draws a 4 x 4 mask next to its 3-token example; the mask must match the
  n x n scores, so 3 tokens need 3 x 3. / 课文在 3 个词的例子旁画了 4 x 4 的掩码；
  掩码必须与 n x n 的分数矩阵匹配，3 个词就需要 3 x 3。)

SHAPES / 形状
  causal_mask: n (int), device  ->  [n, n] torch.bool
  apply_mask:  scores [..., n_q, n_k], mask broadcastable to scores  ->  [..., n_q, n_k]

RETURN / 返回
  causal_mask: a bool [n, n] tensor on `device` (default CPU), True on and below the
               diagonal.
               位于 `device`（默认 CPU）上的 [n, n] bool 张量，对角线及以下为 True。
  apply_mask:  a new tensor with scores' dtype: scores where the mask allows, exactly
               -inf where it blocks.
               与 scores 同 dtype 的新张量：允许处保留原分数，禁止处恰好为 -inf。

RULES / 规则
  Allowed / 允许: torch.tril, torch.ones, Tensor.masked_fill, torch.where, comparisons
  Forbidden / 禁止: nothing special / 无特别限制
  Imports / 导入: torch, math and the standard library only; numpy is refused: a result
                  must stay a torch tensor, and a numpy array loses its gradient and device.
  只能导入 torch、math 和标准库；numpy 会被拒绝：结果必须是 torch 张量，而 numpy 数组
  会丢掉它的梯度和设备。
  Keep the input dtype and device; never modify an input in place (use masked_fill,
  not masked_fill_).
  保持输入的 dtype 和 device；不要原地修改输入（用 masked_fill，不要用 masked_fill_）。

CHECK / 检查
  attn-kit watch         (checks this file each time you save it / 每次保存时自动检查)
  attn-kit check 07      (once / 检查一次;  hint / 提示: attn-kit hint 07)
"""

from __future__ import annotations

import torch


def causal_mask(n: int, device=None) -> torch.Tensor:
    """Build the causal (lower-triangular) mask for a sequence of n tokens.

    Args:
        n:      sequence length.
        device: where to create the mask (None = CPU); e.g. "cpu", "cuda", "meta".

    Returns:
        [n, n] torch.bool, mask[i, j] = True iff j <= i (position i may attend to 0..i).
    """
    # TODO: return a bool [n, n] tensor on `device`, True on and below the diagonal
    ### BEGIN SOLUTION
    # 1) start from "everyone may attend to everyone", created directly as bool on the
    #    target device (no later .to(): nothing to copy, and it works on "meta" too).
    allowed = torch.ones(n, n, dtype=torch.bool, device=device)  # [n, n]
    # 2) keep the diagonal and everything below it: row i (the query) keeps columns
    #    0..i (the past and itself); the future, above the diagonal, becomes False.
    return torch.tril(allowed)  # [n, n]
    ### END SOLUTION


def apply_mask(scores: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    """Replace blocked scores by -inf.

    Args:
        scores: [..., n_q, n_k] attention scores.
        mask:   bool (True = may attend) or 0/1 of any dtype (1 = may attend),
                broadcastable to scores.

    Returns:
        [..., n_q, n_k] new tensor, same dtype as scores; -inf where the mask blocks.
    """
    # TODO: return a new tensor: scores where the mask allows, -inf where it is 0/False
    ### BEGIN SOLUTION
    # 1) find the blocked positions. `mask == 0` is True exactly where attention is
    #    forbidden, whether the mask is bool (False == 0) or 0/1 ints or floats.
    blocked = mask == 0  # broadcastable to [..., n_q, n_k], bool
    # 2) write -inf there, out of place: masked_fill returns a new tensor and keeps
    #    scores' dtype, so the mask's dtype can never leak into the result.
    return scores.masked_fill(blocked, float("-inf"))  # [..., n_q, n_k]
    ### END SOLUTION
