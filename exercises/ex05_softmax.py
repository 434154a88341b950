"""Exercise 05 · Softmax — 练习 05 · Softmax 归一化

Lesson section / 课文章节: §3 step 3 and §9, softmax / 第 3 节第 3 步与第 9 节 softmax

WHAT / 概念
  Softmax turns a list of arbitrary real scores into weights: every weight is positive
  and together they add up to 1. The order is kept (a higher score always gets a larger
  share), and only the differences between scores matter: adding the same constant c to
  every score multiplies each exp by e^c, which cancels in the division.

  Why not use the raw scores as weights (§9)? Raw scores can be negative and of any size,
  so a "weighted sum" with them could flip signs or blow up. Softmax weights read as
  proportions ("query 2 spends 36% of its attention on token 2"), the output stays a blend
  inside the range of the values, and the function is smooth, so gradients are well
  behaved. Example: the scores 0.1, 0.9, 0.2, 0.7 become about 0.16, 0.36, 0.18, 0.30.
  (The lesson's figure prints 0.05 / 0.45 / 0.15 / 0.35 there; those do not come from
  this softmax, use the numbers above.)

  Computing exp(x) directly breaks on big inputs: in float32 exp(89) is already inf, and
  inf / inf is NaN. The fix uses the shift rule: subtract the largest score along `dim`
  first. The largest term becomes exp(0) = 1, all others lie in [0, 1], nothing can
  overflow, and the denominator is at least 1. Tiny terms may round to 0, which is
  harmless. Masked scores of -inf simply give exp(-inf) = 0: weight exactly 0.

  Softmax 把一串任意实数分数变成权重：每个权重都是正数，加起来正好等于 1。
  它保持大小顺序（分数越高，分到的份额越大），而且只有分数之间的差值才重要：
  给所有分数都加上同一个常数 c，每个 exp 都乘上 e^c，在除法里正好约掉。

  为什么不直接拿原始分数当权重（第 9 节）？原始分数可正可负、可大可小，
  用它们做"加权求和"可能会翻转符号或者数值爆炸。softmax 权重可以读成比例
  （"查询 2 把 36% 的注意力给了第 2 个词"），输出始终是值向量的混合，
  函数本身又处处光滑，梯度表现良好。例如分数 0.1、0.9、0.2、0.7
  经过 softmax 约为 0.16、0.36、0.18、0.30。（课文图中写的是
  0.05 / 0.45 / 0.15 / 0.35，那并不是这组分数的 softmax，请以上面的数字为准。）

  直接计算 exp(x) 遇到大数会出问题：float32 里 exp(89) 就已经是 inf，
  而 inf / inf 得到 NaN。解决办法正是利用平移不变性：先沿 `dim` 减去最大分数。
  最大的那一项变成 exp(0) = 1，其余都落在 [0, 1] 之间，不可能溢出，分母也至少为 1。
  极小的项可能被舍入为 0，这并无大碍。被掩码的 -inf 分数得到 exp(-inf) = 0，
  权重恰好为 0。

FORMULA / 公式
  softmax(x)_i = exp(x_i - max(x)) / sum_j exp(x_j - max(x))

SHAPES / 形状
  x: [..., n]  (any leading dims; `dim` picks the axis / 任意前置维度；`dim` 指定归一化的轴)
  -> same shape as x / 与 x 形状相同

RETURN / 返回
  A new tensor of x's shape, dtype and device; every slice along `dim` is >= 0 and sums
  to 1; entries that were -inf get exactly 0. (A slice that is entirely -inf is outside
  the exercise.)
  与 x 形状、dtype、device 相同的新张量；沿 `dim` 的每一条切片都非负且和为 1；
  原本是 -inf 的位置恰好为 0。（整条切片全为 -inf 的情况不在本练习范围内。）

RULES / 规则
  Allowed / 允许: torch.exp, torch.max / amax, torch.sum, torch.logsumexp, arithmetic
  Forbidden / 禁止: torch.softmax, torch.nn.functional.softmax, Tensor.softmax,
                    torch.nn.Softmax, torch.special.softmax, softmin, the log_softmax
                    family, the aten ops behind them
  Imports / 导入: torch, math and the standard library only; numpy is refused: a result
                  must stay a torch tensor, and a numpy array loses its gradient and device.
  只能导入 torch、math 和标准库；numpy 会被拒绝：结果必须是 torch 张量，而 numpy 数组
  会丢掉它的梯度和设备。
  Keep the input dtype and device; never modify an input in place.
  保持输入的 dtype 和 device；不要原地修改输入。

CHECK / 检查
  attn-kit watch         (checks this file each time you save it / 每次保存时自动检查)
  attn-kit check 05      (once / 检查一次;  hint / 提示: attn-kit hint 05)
"""

from __future__ import annotations

import torch


def softmax(x: torch.Tensor, dim: int = -1) -> torch.Tensor:
    """Numerically stable softmax of `x` along `dim`.

    Args:
        x:   [..., n] real scores (any shape; entries may be -inf for masked positions).
        dim: the axis to normalise over; default -1, the last one.

    Returns:
        Same shape, dtype and device as x; each slice along `dim` is >= 0 and sums to 1.
    """
    # TODO: subtract the max along dim, exponentiate, then divide by the sum along dim
    raise NotImplementedError
