"""Exercise 06 · Weighted sum of values — 练习 06 · 对值加权求和

Lesson section / 课文章节: §3 step 4, weighted sum / 第 3 节第 4 步 加权求和

WHAT / 概念
  The last step of attention collects the content. After the softmax, row i of the
  weights says how much query i cares about each key: for example [0.16, 0.36, 0.18,
  0.30] over four tokens. The output for query i is the blend of the value rows in those
  proportions: 0.16·V₁ + 0.36·V₂ + 0.18·V₃ + 0.30·V₄. Tokens that matched well contribute
  much of their value, tokens that matched poorly contribute little. This is the "soft"
  half of the soft lookup from exercise 01, now done for every query at once.

  Once again a single matrix product does all of it. Row i of (weights @ V) is
  sum_j weights[i, j] * V[j], which is exactly the blend above. The inner sizes must
  agree: there is one weight per key and one value row per key, so both are n_k. The
  output has one row per query (n_q) and the width of the values (d_v), not d_k: the
  keys only decided how much to take, the values decide what is taken.

  Your function does plain linear algebra: it does not check or renormalise the weights.
  Making them sum to 1 was the softmax's job; here any numbers are blended as given.

  注意力的最后一步是收集内容。经过 softmax 之后，权重的第 i 行表示查询 i
  对每个键有多在意，比如在四个词上是 [0.16, 0.36, 0.18, 0.30]。
  查询 i 的输出就是按这个比例把值行混合起来：0.16·V₁ + 0.36·V₂ + 0.18·V₃ + 0.30·V₄。
  匹配得好的词贡献大部分自己的值，匹配得差的只贡献一点。
  这就是练习 01 软检索里"软"的那一半，只不过现在是所有查询同时进行。

  同样，一次矩阵乘法就全部搞定。(weights @ V) 的第 i 行等于
  sum_j weights[i, j] * V[j]，正好就是上面的混合。中间的维度必须一致：
  每个键对应一个权重，也对应一个值行，所以两边都是 n_k。输出每个查询占一行（n_q），
  宽度是值的宽度 d_v，而不是 d_k：键只决定"拿多少"，值决定"拿什么"。

  你的函数只做纯粹的线性代数：不检查权重，也不重新归一化。
  让权重和为 1 是 softmax 的职责；这里给什么数就按什么数混合。

FORMULA / 公式
  output = weights @ V          output[..., i, :] = sum_j weights[..., i, j] * V[..., j, :]

  Example / 例子: weights = [[0.5, 0.5, 0.0],     V = [[1, 0],
                             [0.0, 0.0, 1.0]]          [0, 1],
                                                       [2, 2]]
    output = [[0.5, 0.5],
              [2.0, 2.0]]

SHAPES / 形状
  weights: [..., n_q, n_k]
  V:       [..., n_k, d_v]
  ->       [..., n_q, d_v]

RETURN / 返回
  The blended values weights @ V, [..., n_q, d_v]; the weights are used as given.
  混合后的值 weights @ V，形状 [..., n_q, d_v]；权重按原样使用。

RULES / 规则
  Allowed / 允许: @ / torch.matmul, torch.einsum
  Forbidden / 禁止: nothing special / 无特别限制
  Imports / 导入: torch, math and the standard library only; numpy is refused: a result
                  must stay a torch tensor, and a numpy array loses its gradient and device.
  只能导入 torch、math 和标准库；numpy 会被拒绝：结果必须是 torch 张量，而 numpy 数组
  会丢掉它的梯度和设备。
  Keep the input dtype and device; never modify an input in place.
  保持输入的 dtype 和 device；不要原地修改输入。

CHECK / 检查
  attn-kit watch         (checks this file each time you save it / 每次保存时自动检查)
  attn-kit check 06      (once / 检查一次;  hint / 提示: attn-kit hint 06)
"""

from __future__ import annotations

import torch


def weighted_sum(weights: torch.Tensor, V: torch.Tensor) -> torch.Tensor:
    """Blend the value rows by the attention weights.

    Args:
        weights: [..., n_q, n_k]  one weight per (query, key) pair; used as given.
        V:       [..., n_k, d_v]  one value row per key.

    Returns:
        [..., n_q, d_v]  row i is sum_j weights[..., i, j] * V[..., j, :], on the inputs'
        autograd graph (gradients flow back to the weights and to V).
    """
    # TODO: blend the value rows by the weights with a single matrix product
    ### BEGIN SOLUTION
    # 1) row i of the product is sum_j weights[i, j] * V[j]: the blend of all value rows
    #    in query i's proportions. The shared inner size is n_k (one weight and one
    #    value row per key). No renormalising: that was the softmax's job.
    output = weights @ V  # [..., n_q, d_v]
    return output
    ### END SOLUTION
