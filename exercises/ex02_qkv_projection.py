"""Exercise 02 · Q, K, V projections — 练习 02 · Q、K、V 投影

Lesson section / 课文章节: §2 Q, K, V from three projections / 第 2 节 三个线性变换得到 Q、K、V

WHAT / 概念
  In exercise 01 the query, the keys and the values were handed to us. In a Transformer
  nobody hands them over: all three are computed from the same input sequence X, one row
  per token (a vector that already carries the token's meaning and its position). X is
  multiplied by three learned matrices, W_Q, W_K and W_V, and each product gives one of
  the three roles.

  Why three matrices and not one? Because a token does three different jobs. As a query
  it asks "what am I looking for?"; as a key it answers "this is what I have to offer";
  as a value it supplies "this is what you get if you pick me". The word "bank" might
  look for nearby words about rivers or money, advertise itself as a noun, and hand over
  a summary of its own meaning: three different sets of features. Separate matrices let
  training shape each role on its own.

  The matrices also choose sizes. Queries and keys must live in the same d_k-dimensional
  space, because next we take their dot products; values may have another width, d_v,
  which becomes the width of the attention output. There is no bias term here. Because
  `@` multiplies over the last dimension, the same code works for one sentence [n, d_model]
  or a batch [B, n, d_model]: every token of every sentence goes through the same W.

  练习 01 里，查询、键和值都是现成给出的。在 Transformer 里没有人替我们准备：
  三者都由同一个输入序列 X 计算出来。X 的每一行对应一个词元（token），
  这个向量已经包含了词义和位置信息。把 X 分别乘上三个可学习的矩阵 W_Q、W_K、W_V，
  每个乘积就得到一种角色。

  为什么要三个矩阵，而不是一个？因为同一个词元要干三份不同的活：作为查询，
  它问"我在找什么"；作为键，它回答"我能提供什么"；作为值，它交出
  "选中我时你能拿到什么"。比如 "bank" 这个词，想找的可能是周围与河流或金钱有关的词，
  对外展示的是"我是名词"，交出去的是它自身含义的概括——这是三组不同的特征。
  三个独立的矩阵让训练可以分别塑造这三种角色。

  这些矩阵还决定了尺寸。查询和键必须处在同一个 d_k 维空间里，因为下一步要算它们的点积；
  值可以有另一个宽度 d_v，它也就是注意力输出的宽度。这里没有偏置项。
  由于 `@` 作用在最后一个维度上，同一段代码对单个句子 [n, d_model]
  和一批句子 [B, n, d_model] 都适用：每个句子的每个词元都经过同一个 W。

FORMULA / 公式
  Q = X @ W_Q        K = X @ W_K        V = X @ W_V

SHAPES / 形状
  X:   [..., n, d_model]
  W_Q: [d_model, d_k]     W_K: [d_model, d_k]     W_V: [d_model, d_v]
  ->   Q [..., n, d_k],   K [..., n, d_k],   V [..., n, d_v]
  (d_model, d_k and d_v may all be different / 三者可以各不相同)

RETURN / 返回
  The tuple (Q, K, V), in that order.
  按顺序返回元组 (Q, K, V)。

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
  attn-kit check 02      (once / 检查一次;  hint / 提示: attn-kit hint 02)
"""

from __future__ import annotations

import torch


def project_qkv(
    X: torch.Tensor,
    W_Q: torch.Tensor,
    W_K: torch.Tensor,
    W_V: torch.Tensor,
) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    """Project the input sequence into queries, keys and values.

    Args:
        X:   [..., n, d_model]  the input sequence (any leading batch dims).
        W_Q: [d_model, d_k]     query projection.
        W_K: [d_model, d_k]     key projection.
        W_V: [d_model, d_v]     value projection.

    Returns:
        (Q, K, V) with shapes [..., n, d_k], [..., n, d_k], [..., n, d_v].
    """
    # TODO: multiply X by each of the three projection matrices and return (Q, K, V)
    raise NotImplementedError
