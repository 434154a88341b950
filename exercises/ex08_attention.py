"""Exercise 08 · Scaled dot-product attention — 练习 08 · 缩放点积注意力

Lesson section / 课文章节: §3 formula and §6, the full function / 第 3 节公式与第 6 节 完整实现

WHAT / 概念
  Time to put the pieces together. The four steps you built separately (score, scale,
  normalise, blend) plus the optional mask from exercise 07 make up the famous formula
  softmax(Q Kᵀ / √d_k) V. Each query scores every key, the scores are scaled so the
  softmax stays in its gradient-friendly range, blocked positions are set to -inf, each
  row becomes a set of weights that sum to 1, and the weights blend the value rows.

  The function returns two things. The output is what the next layer consumes: one
  d_v-wide vector per query, each a mix of the values it found relevant. The weights are
  worth returning too: weights[i, j] reads as "how much query i attends to key j", which
  is what people plot when they visualise attention. For self-attention on n tokens the
  weights form an n × n matrix, the source of attention's O(n²) cost.

  Read d_k from the data (the last dimension of Q) instead of passing it in. Queries and
  keys may differ in number (n_q != n_k, as in cross-attention), and d_v may differ from
  d_k. The mask is bool (True = may attend) or 0/1 of any dtype, broadcastable to
  [..., n_q, n_k]; blocked weights must come out exactly 0. The mask's dtype must never
  change the output dtype: a float64 0/1 mask on float32 inputs still gives float32.
  So do not add a float mask to the scores; use masked_fill or torch.where. Your result
  should agree with torch.nn.functional.scaled_dot_product_attention.

  现在把零件组装起来。你分别实现过的四步（打分、缩放、归一化、加权求和），
  再加上练习 07 里可选的掩码，就构成了那个著名的公式 softmax(Q Kᵀ / √d_k) V。
  每个查询给所有键打分；分数经过缩放，让 softmax 待在梯度友好的区间；
  被禁止的位置设为 -inf；每一行变成和为 1 的权重；最后用权重混合各个值行。

  这个函数返回两样东西。输出交给下一层使用：每个查询对应一个 d_v 维向量，
  是它认为相关的那些值的混合。权重也值得返回：weights[i, j] 可以读作
  "查询 i 对键 j 的关注程度"，可视化注意力时画的正是它。
  对 n 个词做自注意力时，权重是 n × n 矩阵，这就是注意力 O(n²) 开销的来源。

  d_k 要从数据中读取（Q 的最后一个维度），而不是作为参数传入。查询和键的数量可以
  不同（n_q != n_k，交叉注意力就是如此），d_v 也可以不等于 d_k。
  掩码是 bool（True = 允许关注）或任意 dtype 的 0/1 张量，可广播到 [..., n_q, n_k]；
  被禁止的权重必须恰好为 0。掩码的 dtype 绝不能改变输出的 dtype：
  float32 输入配 float64 的 0/1 掩码，输出仍然是 float32。所以不要把浮点掩码
  加到分数上，请用 masked_fill 或 torch.where。你的结果应当与
  torch.nn.functional.scaled_dot_product_attention 一致。

FORMULA / 公式
  Attention(Q, K, V) = softmax(Q Kᵀ / √d_k) V        d_k = Q.size(-1)
  (with a mask: blocked scores become -inf before the softmax
   / 有掩码时：softmax 之前把被禁止的分数设为 -inf)

SHAPES / 形状
  Q:    [..., n_q, d_k]
  K:    [..., n_k, d_k]
  V:    [..., n_k, d_v]
  mask: None, or broadcastable to [..., n_q, n_k]
  -> output [..., n_q, d_v],  weights [..., n_q, n_k]

RETURN / 返回
  The tuple (output, weights). Every row of weights sums to 1 and is exactly 0 where the
  mask blocks.
  返回元组 (output, weights)。weights 每一行和为 1，被掩码禁止的位置恰好为 0。

RULES / 规则
  Allowed / 允许: @ / torch.matmul, math.sqrt, masked_fill, torch.where, torch.softmax,
                  torch.nn.functional.softmax (a ready-made softmax is fine here)
  Forbidden / 禁止: torch.nn.functional.scaled_dot_product_attention,
                    torch.nn.MultiheadAttention, F.multi_head_attention_forward
  Imports / 导入: torch, math and the standard library only; numpy is refused: a result
                  must stay a torch tensor, and a numpy array loses its gradient and device.
  只能导入 torch、math 和标准库；numpy 会被拒绝：结果必须是 torch 张量，而 numpy 数组
  会丢掉它的梯度和设备。
  Keep the input dtype and device; never modify an input in place.
  保持输入的 dtype 和 device；不要原地修改输入。

CHECK / 检查
  attn-kit watch         (checks this file each time you save it / 每次保存时自动检查)
  attn-kit check 08      (once / 检查一次;  hint / 提示: attn-kit hint 08)
"""

from __future__ import annotations

import math

import torch


def scaled_dot_product_attention(
    Q: torch.Tensor,
    K: torch.Tensor,
    V: torch.Tensor,
    mask: torch.Tensor | None = None,
) -> tuple[torch.Tensor, torch.Tensor]:
    """softmax(Q Kᵀ / √d_k) V, with an optional mask.

    Args:
        Q:    [..., n_q, d_k]  queries.
        K:    [..., n_k, d_k]  keys.
        V:    [..., n_k, d_v]  values.
        mask: optional, bool (True = may attend) or 0/1 of any dtype,
              broadcastable to [..., n_q, n_k].

    Returns:
        (output [..., n_q, d_v], weights [..., n_q, n_k]).
    """
    # TODO: score, scale, mask if given, softmax over keys, blend V; return both
    raise NotImplementedError
