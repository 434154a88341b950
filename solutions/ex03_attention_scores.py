"""Exercise 03 · Attention scores — 练习 03 · 注意力打分

Lesson section / 课文章节: §3 step 1, scoring / 第 3 节第 1 步 打分

WHAT / 概念
  Attention has four steps: score, scale, normalise, blend. This exercise is the first.
  Every query is compared with every key, and the comparison is a dot product, exactly as
  in the soft lookup of exercise 01. The only difference is that we now have many queries
  at once, so the scores form a matrix: entry [i, j] says how well the question of query
  i fits what key j offers.

  We do not need loops. Row i of Q times column j of Kᵀ is the dot product of query i with
  key j, so the single matrix product Q @ Kᵀ fills the whole table in one go. The
  transpose must swap only the last two dimensions (tokens and features); any batch
  dimensions in front must stay where they are. `K.T` would reverse all dimensions of a
  batched tensor, so use `K.transpose(-2, -1)` (or `mT`) instead.

  The result has one row per query and one column per key: [n_q, n_k]. In self-attention
  n_q = n_k = n, so the table is n × n; that square is why attention costs O(n²) time and
  memory in the sequence length. The scores are left unscaled here; exercise 04 adds the
  scaling and explains why it is needed.

  注意力分四步：打分、缩放、归一化、加权求和。本练习是第一步。
  每个查询都要和每个键比一比，比较的方法是点积，和练习 01 的软检索完全一样。
  区别只在于现在一次有很多个查询，所以分数构成一个矩阵：
  第 [i, j] 项表示查询 i 的"问题"和键 j 所"提供"的内容有多契合。

  不需要写循环。Q 的第 i 行乘以 Kᵀ 的第 j 列，恰好就是查询 i 与键 j 的点积，
  所以一次矩阵乘法 Q @ Kᵀ 就能填满整张表。转置只能交换最后两个维度
  （词元维和特征维），前面的批量维度必须原地不动。对批量张量使用 `K.T`
  会把所有维度都倒过来，所以请用 `K.transpose(-2, -1)`（或 `mT`）。

  结果每个查询占一行、每个键占一列：[n_q, n_k]。在自注意力中 n_q = n_k = n，
  这张表是 n × n 的——这个平方正是注意力的时间和内存开销随序列长度呈 O(n²) 的原因。
  这里先不缩放；练习 04 会加上缩放并解释为什么需要它。

FORMULA / 公式
  scores = Q Kᵀ            scores[..., i, j] = sum_c Q[..., i, c] * K[..., j, c]

  Example / 例子: Q = [[1, 0],          K = [[1, 2],
                       [0, 1]]               [3, 4],
                                             [5, 6]]
    scores = Q Kᵀ = [[1, 3, 5],
                     [2, 4, 6]]      (2 queries x 3 keys / 2 个查询 x 3 个键)

SHAPES / 形状
  Q: [..., n_q, d_k]
  K: [..., n_k, d_k]
  -> [..., n_q, n_k]

RETURN / 返回
  The raw (unscaled) dot products of every query with every key, [..., n_q, n_k].
  每个查询与每个键的原始（未缩放）点积，形状 [..., n_q, n_k]。

RULES / 规则
  Allowed / 允许: @ / torch.matmul, Tensor.transpose, Tensor.mT, torch.einsum
  Forbidden / 禁止: nothing special / 无特别限制
  Imports / 导入: torch, math and the standard library only; numpy is refused: a result
                  must stay a torch tensor, and a numpy array loses its gradient and device.
  只能导入 torch、math 和标准库；numpy 会被拒绝：结果必须是 torch 张量，而 numpy 数组
  会丢掉它的梯度和设备。
  Keep the input dtype and device; never modify an input in place.
  保持输入的 dtype 和 device；不要原地修改输入。

CHECK / 检查
  attn-kit watch         (checks this file each time you save it / 每次保存时自动检查)
  attn-kit check 03      (once / 检查一次;  hint / 提示: attn-kit hint 03)
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
    # TODO: dot every query with every key (swap only K's last two dims) and return it
    ### BEGIN SOLUTION
    # 1) turn each key row into a column: swap only the last two dims, so batch dims
    #    in front stay aligned with Q's batch dims (`.T` would reverse them all).
    K_t = K.transpose(-2, -1)  # [..., d_k, n_k]
    # 2) one matrix product computes all n_q * n_k dot products at once:
    #    row i of Q times column j of Kᵀ is query i · key j.
    scores = Q @ K_t  # [..., n_q, n_k]
    return scores
    ### END SOLUTION
