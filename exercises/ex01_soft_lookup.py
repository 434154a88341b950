"""Exercise 01 · Soft lookup — 练习 01 · 软检索

Lesson section / 课文章节: §1 soft lookup / 第 1 节 软检索

WHAT / 概念
  Picture an ordinary Python dict. You bring a query, the dict compares it with its keys,
  exactly one key wins, and you walk away with that key's value and nothing else.
  Attention starts from the same picture, only with vectors instead of strings. Every
  stored item has a key vector (what the item offers so that others can find it) and a
  value vector (the content that is actually handed over). The query vector says what
  you are looking for. How well a key fits the query is measured by their dot product:
  it is large when the two vectors point the same way, small or negative when they do not.

  A hard lookup keeps only the best match (an argmax). That is an all-or-nothing choice:
  move the query a little and the answer either stays exactly the same or jumps to a
  different row, so no gradient can tell the query or the keys how to get better.
  A soft lookup lets every item take part. It turns the match scores into positive
  weights that add up to 1 (a softmax) and returns the weighted average of all the value
  rows. Strong matches dominate, weak ones still add a little, and every step is smooth,
  so gradients flow back into the query, the keys and the values. This is what people
  mean by "attention is a differentiable soft lookup"; every later exercise builds on it.

  想象一个普通的 Python 字典：你拿着一个查询去和所有键比对，只有一个键胜出，
  你拿走它对应的值，其余一概不要。注意力沿用同样的画面，只是把字符串换成了向量。
  每个条目都有一个键向量（对外展示"我是什么"，方便别人找到它）和一个值向量
  （被选中时真正交出去的内容）；查询向量则描述"我想找什么"。
  键和查询有多匹配，用二者的点积来衡量：方向越一致，点积越大；方向相反则为负。

  硬检索只保留最佳匹配（argmax），这是一个非此即彼的选择：把查询稍微挪动一点，
  结果要么纹丝不动，要么突然跳到另一行，梯度无从告诉查询和键该往哪里改进。
  软检索让每个条目都参与进来：先用 softmax 把匹配分数变成和为 1 的正权重，
  再对所有值行求加权平均。匹配得好的占大头，匹配得差的也贡献一点点，
  而且每一步都是光滑的，梯度可以一路流回查询、键和值。
  所谓"注意力是一次可微分的软检索"，说的就是这件事；后面的练习都以它为基础。

FORMULA / 公式
  scores  = keys @ query                 # one score per key / 每个键一个分数
  hard    = values[argmax(scores)]
  weights = softmax(scores)              # no scaling in this exercise / 本练习不做缩放
  soft    = sum_i weights_i * values_i  =  weights @ values

  Example / 例子: scores [1, 3, 2]  ->  weights ≈ [0.09, 0.67, 0.24]
    hard lookup / 硬检索: values[1]
    soft lookup / 软检索: 0.09·values[0] + 0.67·values[1] + 0.24·values[2]

SHAPES / 形状
  query:  [d]
  keys:   [n, d]
  values: [n, d_v]       (no batch dimensions here / 本练习没有批量维度)
  ->      [d_v]

RETURN / 返回
  hard_lookup: the one value row whose key scores highest, shape [d_v].
               得分最高的那个键所对应的值行，形状 [d_v]。
  soft_lookup: the softmax-weighted average of all value rows, shape [d_v],
               differentiable with respect to query, keys and values.
               所有值行按 softmax 权重求得的加权平均，形状 [d_v]，对查询、键、值都可求导。

RULES / 规则
  Allowed / 允许: @ / torch.matmul, torch.argmax, indexing, any softmax (torch.softmax is fine)
  Forbidden / 禁止: nothing special / 无特别限制
  Imports / 导入: torch, math and the standard library only; numpy is refused: a result
                  must stay a torch tensor, and a numpy array loses its gradient and device.
  只能导入 torch、math 和标准库；numpy 会被拒绝：结果必须是 torch 张量，而 numpy 数组
  会丢掉它的梯度和设备。
  Keep the input dtype and device; never modify an input in place.
  保持输入的 dtype 和 device；不要原地修改输入。

CHECK / 检查
  attn-kit watch         (checks this file each time you save it / 每次保存时自动检查)
  attn-kit check 01      (once / 检查一次;  hint / 提示: attn-kit hint 01)
"""

from __future__ import annotations

import torch


def hard_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    """Return the value row whose key has the largest dot product with the query.

    Args:
        query:  [d]       what we are looking for.
        keys:   [n, d]    one key per stored item.
        values: [n, d_v]  one value row per stored item.

    Returns:
        [d_v]  the value row of the best-matching key.
    """
    # TODO: score each key with keys @ query and return the value row with the best score
    raise NotImplementedError


def soft_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    """Return the softmax-weighted average of all value rows.

    Args:
        query:  [d]       what we are looking for.
        keys:   [n, d]    one key per stored item.
        values: [n, d_v]  one value row per stored item.

    Returns:
        [d_v]  sum_i softmax(keys @ query)_i * values[i]; differentiable in all inputs.
    """
    # TODO: softmax the scores keys @ query, then return the weighted average of the value rows
    raise NotImplementedError
