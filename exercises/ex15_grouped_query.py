"""Exercise 15 · Grouped-query attention (GQA and MQA) — 练习 15 · 分组查询注意力（GQA 与 MQA）

Lesson section / 课文章节: modern attention: §9's heads (11) sharing keys and values in the cache (12) / 现代注意力：第 9 节的多头（练习 11）在缓存（练习 12）里共享键和值

WHAT / 概念
  Put exercises 11 and 12 together and a cost appears. Exercise 11 gives every head its
  own queries, keys and values; exercise 12 keeps every key and value of the past so
  that a new token only computes its own. So the cache holds, for every layer, every
  head and every token so far, one key and one value of d_head numbers each. When a
  model writes one token at a time, each step reads that whole cache from memory to do
  very little arithmetic with it: the step waits on memory, not on the multiplications,
  and a long context or a large batch runs out of memory because of the cache alone.

  Shazeer (2019, "Fast Transformer Decoding: One Write-Head is All You Need") asked
  whether the heads need keys and values of their own at all. In multi-query attention
  (MQA) the heads keep their own queries but share one key head and one value head: the
  cache shrinks by the number of heads, and decoding gets much faster, at some cost in
  quality. Ainslie et al. (2023, "GQA") took the middle road. Grouped-query attention
  splits the h_q query heads into h_kv groups of consecutive heads; the heads of a group
  share one key/value head. h_kv = h_q is exercise 11's multi-head attention, h_kv = 1
  is MQA, and in between the cache is h_q / h_kv times smaller than with MHA while the
  quality stays close to it. (They also turned existing MHA models into GQA ones by
  averaging the key and value heads of each group and training a little longer.) Many
  current models work this way, for example 64 query heads sharing 8 key/value heads.

  Nothing new happens inside a head. Query head i uses key/value head i // n_rep, where
  n_rep = h_q // h_kv is the size of a group. The simplest way to write it: repeat each
  key/value head n_rep times in a row (repeat_kv), so that the keys and values have h_q
  heads again, then run exercise 11's per-head attention, exercise 08 in every head with
  d_k = Q.size(-1). Mind the order: heads 0, 0, 1, 1 (each one repeated in place), not
  0, 1, 0, 1 (the whole block again). Both have the right shape; only the first puts
  neighbouring query heads into one group. The cache keeps only the h_kv heads: the
  repetition happens after the cache, at attention time (fast kernels do not even copy,
  they let each group of query heads read its one key/value head).

  The mask is the same as before, but it now lines up with the scores [..., h_q, n_q,
  n_k] directly: a [n_q, n_k] mask is shared by every head, a [h_q, n_q, n_k] mask gives
  each query head its own. When h_kv does not divide h_q there are no equal groups
  (ValueError), and K and V must have the same number of heads (ValueError otherwise).

  把练习 11 和练习 12 放在一起，就会出现一笔开销。练习 11 让每个头都有自己的查询、键和值；
  练习 12 把过去所有的键和值都留下来，新词只需算它自己的。于是缓存里要为每一层、每个头、
  到目前为止的每个词各存一个键和一个值，每个都有 d_head 个数。模型一次写一个词时，每一步
  都要把整个缓存从内存里读一遍，却只用它做很少的计算：这一步是在等内存，而不是在等乘法；
  上下文一长或者批量一大，光是缓存就能把内存用光。

  Shazeer（2019，《Fast Transformer Decoding: One Write-Head is All You Need》）提出了一个
  问题：每个头真的需要自己的键和值吗？在多查询注意力（MQA）里，各个头保留自己的查询，
  但共用一个键头和一个值头：缓存缩小到原来的头数分之一，解码快了很多，质量会有些损失。
  Ainslie 等（2023，《GQA》）选了一条中间路线。分组查询注意力把 h_q 个查询头分成 h_kv 组，
  每组是相邻的若干个头，同一组的头共用一个键/值头。h_kv = h_q 就是练习 11 的多头注意力，
  h_kv = 1 就是 MQA；介于两者之间时，缓存比 MHA 小 h_q / h_kv 倍，质量却仍然接近 MHA。
  （他们还把现成的 MHA 模型改成了 GQA：把每组的键头和值头取平均，再稍微多训练一会儿。）
  如今很多模型都这样做，例如 64 个查询头共享 8 个键/值头。

  头的内部没有任何新东西。第 i 个查询头使用第 i // n_rep 个键/值头，其中
  n_rep = h_q // h_kv 是一组的大小。最简单的写法：把每个键/值头连续重复 n_rep 次
  （repeat_kv），让键和值重新有 h_q 个头，然后做练习 11 的逐头注意力，也就是在每个头里
  做一次练习 08，d_k = Q.size(-1)。注意顺序：应该是 0, 0, 1, 1（每个头原地重复），而不是
  0, 1, 0, 1（整块再来一遍）。两者形状都对，但只有前者把相邻的查询头分在同一组。缓存里
  只保存 h_kv 个头：重复发生在缓存之后、计算注意力的时候（高效的实现甚至不复制，而是让
  每组查询头直接去读它那一个键/值头）。

  掩码和以前一样，只是现在它直接与分数 [..., h_q, n_q, n_k] 对齐：[n_q, n_k] 的掩码由
  所有头共用，[h_q, n_q, n_k] 的掩码让每个查询头有自己的一份。h_kv 不能整除 h_q 时无法
  平均分组（抛出 ValueError）；K 和 V 的头数也必须相同（否则抛出 ValueError）。

FORMULA / 公式
  n_rep = h_q // h_kv                       (h_kv must divide h_q / h_kv 必须整除 h_q)
  repeat_kv(X, n_rep)[..., j, :, :] = X[..., j // n_rep, :, :]
  head_i = softmax(Q_i K_{i // n_rep}ᵀ / √d_k) V_{i // n_rep}      d_k = Q.size(-1)
  e.g. / 例: h_q = 6, h_kv = 2: query heads 0, 1, 2 use key/value head 0; 3, 4, 5 use 1
  cache / 缓存: 2 · layers · h_kv · n · d_head · bytes, h_q / h_kv times smaller than MHA

SHAPES / 形状
  repeat_kv:  X [..., h_kv, n, d]  ->  [..., h_kv * n_rep, n, d]
  grouped_query_attention:
    Q [..., h_q, n_q, d_k],  K [..., h_kv, n_k, d_k],  V [..., h_kv, n_k, d_v]
    mask: None, or bool / 0-1 broadcastable to [..., h_q, n_q, n_k]
    -> output [..., h_q, n_q, d_v],  weights [..., h_q, n_q, n_k]

RETURN / 返回
  repeat_kv returns one tensor (n_rep = 1: a tensor equal to X); n_rep < 1 raises
  ValueError. grouped_query_attention returns (output, weights): every row of weights
  sums to 1 and is exactly 0 where the mask blocks; ValueError when K and V differ in
  heads or h_kv does not divide h_q.
  repeat_kv 返回一个张量（n_rep = 1 时与 X 相等）；n_rep < 1 时抛出 ValueError。
  grouped_query_attention 返回 (output, weights)：weights 每一行和为 1，被掩码禁止的位置
  恰好为 0；K 和 V 的头数不同，或 h_kv 不能整除 h_q 时，抛出 ValueError。

RULES / 规则
  Allowed / 允许: @ / torch.matmul, repeat_interleave, expand, reshape, unsqueeze,
                  transpose, math.sqrt, masked_fill, torch.where, torch.softmax,
                  helpers of your own in this file
  Forbidden / 禁止: torch.nn.functional.scaled_dot_product_attention (with or without
                    enable_gqa), torch.nn.MultiheadAttention,
                    torch.nn.functional.multi_head_attention_forward;
                    importing another exercise
  Imports / 导入: torch, math and the standard library only; numpy is refused: a result
                  must stay a torch tensor, and a numpy array loses its gradient and device.
  只能导入 torch、math 和标准库；numpy 会被拒绝：结果必须是 torch 张量，而 numpy 数组
  会丢掉它的梯度和设备。
  Keep the input dtype and device; never modify an input in place.
  保持输入的 dtype 和 device；不要原地修改输入。

CHECK / 检查
  attn-kit watch         (checks this file each time you save it / 每次保存时自动检查)
  attn-kit check 15      (once / 检查一次;  hint / 提示: attn-kit hint 15)
"""

from __future__ import annotations

import math

import torch


def repeat_kv(X: torch.Tensor, n_rep: int) -> torch.Tensor:
    """Repeat each key/value head ``n_rep`` times in a row: output head j is head j // n_rep.

    Args:
        X:     [..., h_kv, n, d]  keys or values, one block per key/value head.
        n_rep: how many query heads share one key/value head (1 or more).

    Returns:
        [..., h_kv * n_rep, n, d]; equal to X when n_rep = 1. Raises ValueError when
        n_rep < 1.
    """
    # TODO: refuse n_rep < 1, then repeat every head n_rep times in place along the heads
    raise NotImplementedError


def grouped_query_attention(
    Q: torch.Tensor,
    K: torch.Tensor,
    V: torch.Tensor,
    mask: torch.Tensor | None = None,
) -> tuple[torch.Tensor, torch.Tensor]:
    """Attention in which each group of query heads shares one key/value head.

    Args:
        Q:    [..., h_q, n_q, d_k]   queries, one block per query head.
        K:    [..., h_kv, n_k, d_k]  keys, one block per key/value head.
        V:    [..., h_kv, n_k, d_v]  values, as many heads as K.
        mask: optional, bool (True = may attend) or 0/1 of any dtype,
              broadcastable to [..., h_q, n_q, n_k].

    Returns:
        (output [..., h_q, n_q, d_v], weights [..., h_q, n_q, n_k]); query head i uses
        key/value head i // (h_q // h_kv). Raises ValueError when K and V differ in
        heads or h_kv does not divide h_q.
    """
    # TODO: check the heads, repeat K and V to h_q heads, then attention in every head
    raise NotImplementedError
