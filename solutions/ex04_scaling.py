"""Exercise 04 · Scaling by √d_k — 练习 04 · 除以 √d_k 缩放

Lesson section / 课文章节: §3 step 2 and §4, scaling and why / 第 3 节第 2 步与第 4 节 缩放及其原因

WHAT / 概念
  Step two of attention divides every score by √d_k, where d_k is the length of a query
  (or key) vector. It looks like a detail, but it is the "scaled" in "scaled dot-product
  attention", and training depends on it.

  Why? A dot product adds up d_k products. Suppose the entries of q and k are independent
  random numbers with mean 0 and variance 1. Each product q_c * k_c then has variance 1,
  and a sum of d_k of them has variance d_k: the typical size of a score grows like √d_k.
  With d_k = 64 scores of ±8 are ordinary and ±20 is not rare. Feed such numbers to a
  softmax and it saturates: one weight is almost exactly 1 and all the others almost 0.
  In that regime the softmax is nearly flat (its derivative w_i(δ_ij - w_j) is close to
  0 when every w is close to 0 or 1), so hardly any gradient gets through and learning
  stalls.

  The fix is to undo the growth. Dividing a random variable by c divides its variance by
  c², so dividing by √d_k turns variance d_k back into about 1, whatever d_k is. The
  softmax then sees moderate numbers, produces a softer distribution, and keeps healthy
  gradients. Note that we divide by the square root (the standard deviation), not by d_k.

  注意力的第二步是把每个分数除以 √d_k，其中 d_k 是查询（或键）向量的长度。
  这看似是个小细节，但 "scaled dot-product attention" 里的 "scaled" 说的就是它，
  训练能否顺利进行也取决于它。

  为什么？点积是把 d_k 个乘积加起来。假设 q 和 k 的各个分量是相互独立、
  均值为 0、方差为 1 的随机数，那么每个乘积 q_c * k_c 的方差是 1，
  d_k 个这样的乘积相加，方差就是 d_k：分数的典型大小随 √d_k 增长。
  当 d_k = 64 时，±8 的分数很常见，±20 也不稀奇。把这样的数送进 softmax，
  它就会饱和：一个权重几乎正好是 1，其余几乎都是 0。此时 softmax 几乎是平的
  （当每个 w 都接近 0 或 1 时，它的导数 w_i(δ_ij - w_j) 接近 0），
  梯度几乎传不回去，模型就学不动了。

  解决办法是抵消这种增长。把随机变量除以 c，方差会除以 c²，
  所以除以 √d_k 能把方差 d_k 拉回到 1 左右，与 d_k 的大小无关。
  softmax 看到的是适中的数值，输出的分布更柔和，梯度也保持健康。
  注意除的是平方根（也就是标准差），而不是 d_k 本身。

FORMULA / 公式
  scaled = scores / √d_k
  Var(q · k) = d_k   ->   Var(q · k / √d_k) = d_k / d_k = 1

  Example / 例子 (d_k = 64, √d_k = 8):
    softmax([8, 0, -8]) ≈ [0.9997, 0.0003, 0.0000]     (saturated / 饱和)
    softmax([1, 0, -1]) ≈ [0.67,   0.24,   0.09]       (after scaling / 缩放后)

SHAPES / 形状
  scores: any shape, usually [..., n_q, n_k]    d_k: a positive Python int
  -> same shape as scores

RETURN / 返回
  A new tensor, scores / sqrt(d_k), with the same shape, dtype and device as scores.
  一个新张量 scores / sqrt(d_k)，形状、dtype 和 device 都与 scores 相同。

RULES / 规则
  Allowed / 允许: math.sqrt, arithmetic on tensors
  Forbidden / 禁止: nothing special / 无特别限制
  Imports / 导入: torch, math and the standard library only; numpy is refused: a result
                  must stay a torch tensor, and a numpy array loses its gradient and device.
  只能导入 torch、math 和标准库；numpy 会被拒绝：结果必须是 torch 张量，而 numpy 数组
  会丢掉它的梯度和设备。
  Keep the input dtype and device; never modify an input in place.
  保持输入的 dtype 和 device；不要原地修改输入。

CHECK / 检查
  attn-kit watch         (checks this file each time you save it / 每次保存时自动检查)
  attn-kit check 04      (once / 检查一次;  hint / 提示: attn-kit hint 04)
"""

from __future__ import annotations

import math

import torch


def scale_scores(scores: torch.Tensor, d_k: int) -> torch.Tensor:
    """Divide raw attention scores by √d_k.

    Args:
        scores: any shape, typically [..., n_q, n_k]; raw dot products.
        d_k:    positive int, the width of the query/key vectors (not n_k).

    Returns:
        Tensor of the same shape, dtype and device: scores / sqrt(d_k), on the scores'
        autograd graph (the gradient flows back to them).
    """
    # TODO: return the scores divided by the square root of d_k (out of place)
    ### BEGIN SOLUTION
    # 1) √d_k is the standard deviation of a dot product of two random unit-variance
    #    vectors of length d_k; d_k is a Python int, so math.sqrt gives a Python float.
    scale = math.sqrt(d_k)  # python float
    # 2) divide out of place (never `/=`: that would change the caller's tensor).
    #    A Python float keeps the tensor's dtype, so float32 stays float32.
    return scores / scale  # same shape as scores
    ### END SOLUTION
