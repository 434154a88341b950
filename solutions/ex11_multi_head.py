"""Exercise 11 · Multi-head attention — 练习 11 · 多头注意力

Lesson section / 课文章节: beyond the lesson: §9, one head vs many / 课文之外：第 9 节 单头与多头

WHAT / 概念
  The lesson ends where this exercise starts: one head looks at the sequence through a
  single pair of projections, so each query gets a single blend of the values. But a
  sentence holds several relations at once (who does what, which word a pronoun points
  back to, what came just before). Multi-head attention runs h smaller attentions side
  by side, each on its own slice of the projected features, so that each head can learn
  to follow a different relation.

  Nothing new happens inside a head: it is exercise 08 on narrower vectors. W_Q, W_K
  and W_V are still [d_model, d_model]. Their output columns are cut into h contiguous
  blocks of d_head = d_model // h columns, and head i works with block i only. A head
  scores its queries against its keys, divides by √d_head (the width of the vectors it
  really multiplies, not d_model), takes the softmax and blends its own block of values.
  The h answers, d_head wide each, are put side by side again (merge), and the output
  projection W_O [d_model, d_model] mixes them into one d_model-wide vector per query.
  Without W_O the heads' findings would stay in separate columns and never combine.

  Splitting costs nothing extra: h heads of width d_model / h do about the work of one
  head of full width. The weights come back per head, [..., h, n_q, n_k], so you can
  look at what each head attends to. A mask [..., n_q, n_k] is the same for every head:
  give it a head dimension of size 1 (unsqueeze(-3)) so that it is repeated over the
  heads while its batch dimensions stay lined up with the batch.

  split_heads and merge_heads only move numbers around: merge_heads(split_heads(X, h))
  is X again, exactly. Beware the tempting shortcut X.reshape(..., h, n, d_head): it
  has the right shape, but it cuts the flat memory in the wrong places and mixes rows.

  课文在这里结束，这个练习从这里开始：单个头只用一对投影去看序列，所以每个查询只能
  得到一种对值的混合。可是一句话里同时存在好几种关系（谁做了什么、代词指回哪个词、
  紧挨着的前一个词是什么）。多头注意力把 h 个较小的注意力并排运行，每个头只处理投影
  特征中属于自己的一片，于是不同的头可以学会追踪不同的关系。

  头内部没有任何新东西：就是在更窄的向量上做练习 08。W_Q、W_K、W_V 仍然是
  [d_model, d_model]。它们输出的各列被切成 h 个连续的块，每块 d_head = d_model // h 列，
  第 i 个头只使用第 i 块。一个头用自己的查询给自己的键打分，除以 √d_head（它真正相乘的
  向量的宽度，而不是 d_model），做 softmax，再混合自己那一块值。h 个答案各宽 d_head，
  重新并排拼在一起（合并），再由输出投影 W_O [d_model, d_model] 把它们混合成每个查询
  一个 d_model 维的向量。没有 W_O，各个头的发现就只能待在各自的列里，永远不会汇合。

  拆分并不额外花钱：h 个宽 d_model / h 的头，工作量和一个全宽的头差不多。权重按头返回，
  形状 [..., h, n_q, n_k]，可以看到每个头各自在关注什么。掩码 [..., n_q, n_k] 对每个头
  都一样：给它加一个大小为 1 的头维（unsqueeze(-3)），让它在各个头上重复，同时它的
  批量维度仍然和输入的批量维度对齐。

  split_heads 和 merge_heads 只是挪动数字的位置：merge_heads(split_heads(X, h)) 会原样
  得到 X。小心一个诱人的捷径 X.reshape(..., h, n, d_head)：形状是对的，但它在扁平内存的
  错误位置下刀，会把不同的行搅在一起。

FORMULA / 公式
  d_head = d_model // h              (h must divide d_model / h 必须整除 d_model)
  Q, K, V = X_q @ W_Q, X_kv @ W_K, X_kv @ W_V
  head_i  = softmax(Q_i K_iᵀ / √d_head) V_i       Q_i = Q[..., i*d_head:(i+1)*d_head]
  output  = concat(head_0, ..., head_{h-1}) @ W_O

SHAPES / 形状
  split_heads:  X [..., n, d_model]    -> [..., h, n, d_head]
  merge_heads:  X [..., h, n, d_head]  -> [..., n, h * d_head]
  multi_head_attention:
    X_q:  [..., n_q, d_model]      X_kv: [..., n_k, d_model]
    W_Q, W_K, W_V, W_O: [d_model, d_model]
    mask: None, or bool / 0-1 broadcastable to [..., n_q, n_k] (the same for every head)
    -> output [..., n_q, d_model],  weights [..., h, n_q, n_k]

RETURN / 返回
  split_heads and merge_heads return one tensor. multi_head_attention returns the tuple
  (output, weights): every row of weights sums to 1 and is exactly 0 where the mask
  blocks. split_heads raises ValueError when h does not divide d_model.
  split_heads 和 merge_heads 各返回一个张量。multi_head_attention 返回元组
  (output, weights)：weights 每一行和为 1，被掩码禁止的位置恰好为 0。
  h 不能整除 d_model 时，split_heads 抛出 ValueError。

RULES / 规则
  Allowed / 允许: @ / torch.matmul, reshape, view, transpose, permute, math.sqrt,
                  masked_fill, torch.where, torch.softmax, helpers of your own in this file
  Forbidden / 禁止: torch.nn.functional.scaled_dot_product_attention,
                    torch.nn.MultiheadAttention,
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
  attn-kit check 11      (once / 检查一次;  hint / 提示: attn-kit hint 11)
"""

from __future__ import annotations

import math

import torch


def split_heads(X: torch.Tensor, h: int) -> torch.Tensor:
    """Cut the last dimension into h heads of d_model // h contiguous columns.

    Args:
        X: [..., n, d_model]
        h: the number of heads; it must divide d_model (ValueError otherwise).

    Returns:
        [..., h, n, d_head], where [..., i, :, :] is X[..., i*d_head:(i+1)*d_head].
    """
    # TODO: check that h divides d_model, cut the last dim into [h, d_head], move h before n
    ### BEGIN SOLUTION
    d_model = X.size(-1)  # python int
    # 0) the heads must share the columns evenly.
    if h < 1 or d_model % h != 0:
        raise ValueError(f"h = {h} does not divide d_model = {d_model}")
    d_head = d_model // h  # python int
    # 1) view the last dim as [h, d_head]: head i gets columns i*d_head .. (i+1)*d_head - 1.
    X = X.reshape(*X.shape[:-1], h, d_head)  # [..., n, h, d_head]
    # 2) put the head dim in front of the positions, so each head is a [n, d_head] matrix.
    return X.transpose(-3, -2)  # [..., h, n, d_head]
    ### END SOLUTION


def merge_heads(X: torch.Tensor) -> torch.Tensor:
    """The inverse of split_heads: put the heads side by side again.

    Args:
        X: [..., h, n, d_head]

    Returns:
        [..., n, h * d_head], head i filling columns i*d_head .. (i+1)*d_head - 1.
    """
    # TODO: move the positions back in front of the heads, then join [h, d_head] into one dim
    ### BEGIN SOLUTION
    h, n, d_head = X.shape[-3:]  # python ints
    # 1) undo split_heads' last step: positions first, then heads.
    X = X.transpose(-3, -2)  # [..., n, h, d_head]
    # 2) glue the h blocks of each position into one row (reshape copies: not contiguous).
    return X.reshape(*X.shape[:-3], n, h * d_head)  # [..., n, h * d_head]
    ### END SOLUTION


def multi_head_attention(
    X_q: torch.Tensor,
    X_kv: torch.Tensor,
    W_Q: torch.Tensor,
    W_K: torch.Tensor,
    W_V: torch.Tensor,
    W_O: torch.Tensor,
    h: int,
    mask: torch.Tensor | None = None,
) -> tuple[torch.Tensor, torch.Tensor]:
    """h heads of scaled dot-product attention, merged and mixed by W_O.

    Args:
        X_q:  [..., n_q, d_model]  the sequence that asks (the queries).
        X_kv: [..., n_k, d_model]  the sequence that is read (keys and values);
              pass the same tensor twice for self-attention.
        W_Q, W_K, W_V, W_O: [d_model, d_model]  (row convention: Q = X_q @ W_Q).
        h:    the number of heads; it must divide d_model.
        mask: optional, bool (True = may attend) or 0/1 of any dtype, broadcastable
              to [..., n_q, n_k]; the same for every head.

    Returns:
        (output [..., n_q, d_model], weights [..., h, n_q, n_k]).
    """
    # TODO: project, split into heads, attention per head (scale by √d_head), merge, @ W_O
    ### BEGIN SOLUTION
    # 1) project as in a single head, then give every projection a head dimension.
    Q = split_heads(X_q @ W_Q, h)  # [..., h, n_q, d_head]
    K = split_heads(X_kv @ W_K, h)  # [..., h, n_k, d_head]
    V = split_heads(X_kv @ W_V, h)  # [..., h, n_k, d_head]
    # 2) each head scores its own queries against its own keys, scaled by its own width.
    d_head = Q.size(-1)  # python int
    scores = Q @ K.transpose(-2, -1) / math.sqrt(d_head)  # [..., h, n_q, n_k]
    # 3) the mask is the same for every head: a head dim of size 1 repeats it over the
    #    heads, and its batch dims stay lined up with the batch. (A 1-D key mask [n_k]
    #    already broadcasts.) masked_fill keeps the scores' dtype.
    if mask is not None:
        if mask.dim() >= 2:
            mask = mask.unsqueeze(-3)  # [..., 1, n_q, n_k]
        scores = scores.masked_fill(mask == 0, float("-inf"))  # [..., h, n_q, n_k]
    # 4) softmax over the keys, then each head blends its own values.
    weights = torch.softmax(scores, dim=-1)  # [..., h, n_q, n_k]
    heads = weights @ V  # [..., h, n_q, d_head]
    # 5) put the heads side by side again and let W_O mix what they found.
    output = merge_heads(heads) @ W_O  # [..., n_q, d_model]
    return output, weights
    ### END SOLUTION
