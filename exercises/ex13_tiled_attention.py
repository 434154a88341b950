"""Exercise 13 · Tiled attention (online softmax) — 练习 13 · 分块注意力（在线 softmax）

Lesson section / 课文章节: modern attention: §6, the n × n matrix behind O(n²) / 现代注意力：第 6 节 O(n²) 的来源，n × n 矩阵

WHAT / 概念
  Section 6 of the lesson ends on a warning: attn[i][j] is an n × n matrix, and that is
  where attention's O(n²) cost comes from. The arithmetic really is quadratic, but the
  memory need not be. At n = 4096 one float32 score matrix is 64 MiB per head; at
  n = 128k it is 64 GiB. FlashAttention (Dao et al., 2022) observed that the matrix is
  only ever used one row at a time: a query's output is a weighted average of the
  values, and that average can be built up key block by key block, if we keep three
  numbers per query while we go.

  The trick is the online softmax. Walk over the keys in tiles. For each query keep
  m, the largest score seen so far; l, the sum of exp(score - m) so far; and acc, the
  sum of exp(score - m) · v so far. A new tile may hold a larger score. Then the old
  sums were taken against a maximum that is now too small, and both are multiplied by
  exp(m_old - m_new) (a number at most 1) to put them on the new maximum before the
  tile's own terms are added. When every tile is done, acc / l is exactly
  softmax(scores) @ V, the output of exercise 08, and no more than one tile of scores
  ever existed. Nothing is approximated: the same terms are added, in another order.

  Subtracting the running maximum is the same stability trick as in exercise 05, only
  the maximum is not known in advance, so earlier sums are corrected when it grows.
  m + log(l) is log Σ exp(score): the log-sum-exp of the row (lse), which FlashAttention
  keeps so that its backward pass can rebuild the weights tile by tile. Blocked keys get
  -inf before the exponential, so they add exactly nothing; a tile whose keys are all
  blocked for some query must leave that query's state untouched (careful: -inf minus
  -inf is NaN). In float16, the sums of thousands of terms lose their small addends:
  keep the state in float32 and round only the results back.

  第 6 节最后提醒我们：attn[i][j] 是一个 n × n 矩阵，注意力 O(n²) 的开销正来源于此。
  计算量确实是平方级的，但内存不一定是。n = 4096 时，一个 float32 的分数矩阵每个头就有
  64 MiB；n = 128k 时是 64 GiB。FlashAttention（Dao 等，2022）注意到：这个矩阵每次只会
  用到一行。一个查询的输出是各个值的加权平均，而这个平均可以一块键一块键地逐步累加出来，
  只要在过程中为每个查询记住三个量。

  关键是在线 softmax。把键分成若干块（tile）依次处理。对每个查询保存：m，目前见过的最大
  分数；l，目前为止 exp(分数 - m) 之和；acc，目前为止 exp(分数 - m) · v 之和。新的一块里
  可能出现更大的分数。这时旧的和是相对于一个偏小的最大值算的，于是先把它们都乘以
  exp(m_旧 - m_新)（一个不超过 1 的数），换算到新的最大值上，再加上这一块自己的项。
  所有块处理完后，acc / l 恰好等于 softmax(分数) @ V，也就是练习 08 的输出，而任何时候
  最多只存在一块分数。这里没有任何近似：加的是同样的项，只是顺序不同。

  减去当前最大值与练习 05 的数值稳定技巧相同，只是最大值事先并不知道，所以它变大时要修正
  之前的和。m + log(l) 就是 log Σ exp(分数)：这一行的 log-sum-exp（lse），FlashAttention
  保留它，让反向传播也能一块一块地重建权重。被屏蔽的键在取指数之前设为 -inf，因此贡献
  恰好为零；如果某个查询在一块里的键全部被屏蔽，它的状态必须原封不动（小心：-inf 减 -inf
  得 NaN）。在 float16 中，成千上万项相加时小的加数会被吞掉：状态用 float32 保存，只在
  最后把结果舍入回输入的 dtype。

FORMULA / 公式
  one tile / 一块:  m' = max(m, rowmax(s))
                    l' = l · exp(m - m') + rowsum(exp(s - m'))
                    acc' = acc · exp(m - m') + exp(s - m') @ V_tile
  start / 初始:     m = -inf, l = 0, acc = 0
  end / 结束:       output = acc / l,   lse = m + log(l)   (= logsumexp of the row)
  s = Q @ K_tileᵀ / √d_k, blocked keys at -inf / 被屏蔽的键为 -inf

SHAPES / 形状
  online_softmax_update: m, l [..., n_q, 1],  acc [..., n_q, d_v],
                         scores [..., n_q, t],  V [..., t, d_v]  ->  (m', l', acc')
  tiled_attention: Q [..., n_q, d_k],  K [..., n_k, d_k],  V [..., n_k, d_v],
                   mask None or broadcastable to [..., n_q, n_k],  tile an int
                   -> output [..., n_q, d_v],  lse [..., n_q]

RETURN / 返回
  online_softmax_update returns the new state (m, l, acc) in the state's dtype.
  tiled_attention returns (output, lse), both in the input's dtype; never the weights.
  online_softmax_update 返回新的状态 (m, l, acc)，dtype 与状态相同。
  tiled_attention 返回 (output, lse)，dtype 都与输入相同；不返回权重。

RULES / 规则
  Allowed / 允许: @ / torch.matmul, torch.exp, torch.log, amax / max, sum, masked_fill,
                  torch.where, slicing, a loop over the tiles of keys
  Forbidden / 禁止: torch.nn.functional.scaled_dot_product_attention,
                    torch.nn.MultiheadAttention,
                    torch.nn.functional.multi_head_attention_forward;
                    importing another exercise (08's function included)
  Memory / 内存: never form the [..., n_q, n_k] scores or weights. A case measures what a
                 call adds to its process's memory (the kernel's figure): at n_q = n_k = 4096,
                 tile 64 it must stay below 32 MiB, and tiling only the queries fails with
                 many keys (n_k = 2**19).
  不要构造 [..., n_q, n_k] 的分数或权重。有用例会测量一次调用让进程多用了多少内存（由内核
  给出）：n_q = n_k = 4096、tile 为 64 时必须低于 32 MiB；只对查询分块在键非常多
  （n_k = 2**19）时会失败。
  Imports / 导入: torch, math and the standard library only; numpy is refused: a result
                  must stay a torch tensor, and a numpy array loses its gradient and device.
  只能导入 torch、math 和标准库；numpy 会被拒绝：结果必须是 torch 张量，而 numpy 数组
  会丢掉它的梯度和设备。
  Keep the input dtype and device; never modify an input in place.
  保持输入的 dtype 和 device；不要原地修改输入。

CHECK / 检查
  attn-kit watch         (checks this file each time you save it / 每次保存时自动检查)
  attn-kit check 13      (once / 检查一次;  hint / 提示: attn-kit hint 13)
"""

from __future__ import annotations

import math

import torch


def online_softmax_update(
    m: torch.Tensor,
    l: torch.Tensor,
    acc: torch.Tensor,
    scores: torch.Tensor,
    V: torch.Tensor,
) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    """One tile of the online softmax: fold a tile's scores and values into the state.

    Args:
        m:      [..., n_q, 1]    the largest score seen so far (-inf at the start).
        l:      [..., n_q, 1]    sum of exp(score - m) so far (0 at the start).
        acc:    [..., n_q, d_v]  sum of exp(score - m) * v so far (0 at the start).
        scores: [..., n_q, t]    this tile's scaled scores, blocked keys at -inf.
        V:      [..., t, d_v]    this tile's values.

    Returns:
        (m', l', acc') in the state's dtype; a query whose keys in this tile are all
        blocked keeps its state exactly.
    """
    # TODO: the new max, the rescaling factor exp(m - m'), then the new l and acc
    raise NotImplementedError


def tiled_attention(
    Q: torch.Tensor,
    K: torch.Tensor,
    V: torch.Tensor,
    mask: torch.Tensor | None = None,
    tile: int = 64,
) -> tuple[torch.Tensor, torch.Tensor]:
    """Exercise 08's output, walking over the keys in tiles with the online softmax.

    Args:
        Q:    [..., n_q, d_k]  queries.
        K:    [..., n_k, d_k]  keys.
        V:    [..., n_k, d_v]  values.
        mask: optional, bool (True = may attend) or 0/1 of any dtype,
              broadcastable to [..., n_q, n_k].
        tile: how many keys one step takes (the last tile may be shorter).

    Returns:
        (output [..., n_q, d_v], lse [..., n_q]), in Q's dtype.
    """
    # TODO: start the state, loop over the key tiles (scores, mask, update), then acc / l
    raise NotImplementedError
