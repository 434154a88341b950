"""Exercise 10 · Causal self-attention — 练习 10 · 因果自注意力

Lesson section / 课文章节: §7 and §8, the whole decoder flow / 第 7、8 节 解码器的完整流程

WHAT / 概念
  This is the attention layer of a GPT-style decoder, start to finish:

    X (meaning + position) -> Q, K, V = X W_Q, X W_K, X W_V -> Q Kᵀ / √d_k
      -> causal mask -> softmax (each row sums to 1) -> · V -> output Z

  Every step is something you have already written; the new part is that the causal mask
  is no longer an argument. A decoder always needs it, so the function builds it itself
  from the sequence length n = X.size(-2), as a bool lower-triangular matrix on X's
  device: True = may attend (the key is at or before the query), False = blocked.

  The payoff is a guarantee you can test: the output at position i depends only on
  positions 0..i of X. Row i of the weights is exactly 0 for every j > i, because those
  scores were set to -inf before the softmax, so the values of later tokens are multiplied
  by 0 and never enter output i. Change the last token of X and all earlier outputs stay
  exactly the same. The first token can only attend to itself, so its weights row is
  [1, 0, 0, ...] and its output is simply its own value vector.

  This property is what makes autoregressive generation work. Training can process a
  whole sentence in one pass, with every position learning to predict its next token
  without peeking, and at generation time the model meets exactly the same situation:
  it sees the past and nothing else. It is also the dividing line between GPT (causal
  mask) and BERT (no mask, every token sees the whole sentence in both directions).

  这就是 GPT 式解码器中注意力层的完整流程：

    X（词义 + 位置）-> Q, K, V = X W_Q, X W_K, X W_V -> Q Kᵀ / √d_k
      -> 因果掩码 -> softmax（每行和为 1）-> · V -> 输出 Z

  每一步你都已经写过了；新的地方在于因果掩码不再作为参数传入。解码器总是需要它，
  所以函数根据序列长度 n = X.size(-2) 自己构造：一个放在 X 所在 device 上的
  bool 下三角矩阵，True = 允许关注（键位于查询之前或就是它自己），False = 禁止。

  回报是一个可以检验的保证：位置 i 的输出只依赖于 X 的第 0..i 个位置。
  权重第 i 行在所有 j > i 处恰好为 0，因为这些分数在 softmax 之前已被设为 -inf，
  于是后面词元的值被乘以 0，根本进不了输出 i。改动 X 的最后一个词，
  前面所有位置的输出都丝毫不变。第一个词只能关注自己，所以它的权重行是
  [1, 0, 0, ...]，输出就是它自己的值向量。

  正是这个性质让自回归生成成为可能。训练时可以一次处理整句话，每个位置都在
  不偷看的前提下学习预测下一个词；生成时模型面对的情形完全一样：
  只看得到过去，别的什么都看不到。这也是 GPT（加因果掩码）和
  BERT（不加掩码，每个词双向看到整句话）分道扬镳的地方。

FORMULA / 公式
  Q, K, V = X @ W_Q, X @ W_K, X @ W_V
  mask    = tril(ones(n, n, dtype=bool))          True = may attend / True = 允许关注
  output  = softmax(masked(Q Kᵀ / √d_k)) V       blocked scores -> -inf / 禁止处 -> -inf

SHAPES / 形状
  X:   [..., n, d_model]
  W_Q: [d_model, d_k]     W_K: [d_model, d_k]     W_V: [d_model, d_v]
  -> output [..., n, d_v],  weights [..., n, n]

RETURN / 返回
  The tuple (output, weights). weights is lower-triangular: every row sums to 1 and is
  exactly 0 above the diagonal. Keep X's dtype and device.
  返回元组 (output, weights)。weights 是下三角的：每行和为 1，对角线以上恰好为 0。
  保持 X 的 dtype 和 device。

RULES / 规则
  Allowed / 允许: @ / torch.matmul, math.sqrt, torch.tril, torch.ones, masked_fill,
                  torch.where, torch.softmax, a small private helper of your own
  Forbidden / 禁止: torch.nn.functional.scaled_dot_product_attention,
                    torch.nn.MultiheadAttention, F.multi_head_attention_forward; importing another exercise
  Imports / 导入: torch, math and the standard library only; numpy is refused: a result
                  must stay a torch tensor, and a numpy array loses its gradient and device.
  只能导入 torch、math 和标准库；numpy 会被拒绝：结果必须是 torch 张量，而 numpy 数组
  会丢掉它的梯度和设备。
  Keep the input dtype and device; never modify an input in place.
  保持输入的 dtype 和 device；不要原地修改输入。

CHECK / 检查
  attn-kit watch         (checks this file each time you save it / 每次保存时自动检查)
  attn-kit check 10      (once / 检查一次;  hint / 提示: attn-kit hint 10)
"""

from __future__ import annotations

import math

import torch


def causal_self_attention(
    X: torch.Tensor,
    W_Q: torch.Tensor,
    W_K: torch.Tensor,
    W_V: torch.Tensor,
) -> tuple[torch.Tensor, torch.Tensor]:
    """Masked self-attention: each position attends only to itself and the past.

    Args:
        X:   [..., n, d_model]  the sequence (any leading batch dims).
        W_Q: [d_model, d_k]
        W_K: [d_model, d_k]
        W_V: [d_model, d_v]

    Returns:
        (output [..., n, d_v], weights [..., n, n]); weights is 0 above the diagonal.
    """
    # TODO: project Q, K, V, build a causal mask on X's device, then masked attention
    ### BEGIN SOLUTION
    # 1) project the three roles from the same sequence (self-attention).
    Q = X @ W_Q  # [..., n, d_k]
    K = X @ W_K  # [..., n, d_k]
    V = X @ W_V  # [..., n, d_v]
    # 2) score and scale: every query against every key, variance brought back to ~1.
    d_k = Q.size(-1)  # python int
    scores = Q @ K.transpose(-2, -1) / math.sqrt(d_k)  # [..., n, n]
    # 3) the causal mask, built here because a decoder always needs it. Create it on
    #    X's device so it lines up with the scores; [n, n] broadcasts over batch dims.
    n = X.size(-2)  # python int
    mask = torch.tril(torch.ones(n, n, dtype=torch.bool, device=X.device))  # [n, n]
    # 4) block the future: scores above the diagonal become -inf (weight exactly 0).
    #    Out of place, and the scores keep their dtype.
    scores = scores.masked_fill(mask == 0, float("-inf"))  # [..., n, n]
    # 5) normalise each row over the keys it may see, then blend their values. Row i
    #    only has non-zero weights on 0..i, so later tokens cannot leak into output i.
    weights = torch.softmax(scores, dim=-1)  # [..., n, n]
    output = weights @ V  # [..., n, d_v]
    return output, weights
    ### END SOLUTION
