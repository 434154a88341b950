"""Exercise 09 · Self and cross attention — 练习 09 · 自注意力与交叉注意力

Lesson section / 课文章节: §5 self vs cross attention / 第 5 节 自注意力与交叉注意力

WHAT / 概念
  The attention function does not care where Q, K and V come from. Where they come from
  is what gives the two kinds of attention their names.

  In self-attention all three are projected from the same sequence X: the sentence looks
  at itself. Every token asks a question of every other token of its own sentence, so
  the weights form an n × n table of token-to-token relations ("it" looking back at "the
  cat", a verb finding its subject). This is the layer both BERT and GPT are made of.

  In cross-attention the queries come from one sequence and the keys and values from
  another. The classic case is translation with an encoder-decoder model: the decoder is
  writing the target sentence, and each target position asks "which source words matter
  for what I am about to write?". So Q is projected from the decoder states X_dec, while K
  and V are projected from the encoder output X_enc. The weights are n_dec × n_enc (one
  row per target position, one column per source word) and the output has one row per
  decoder position. No causal mask is needed by default: the whole source sentence is
  already known, so there is no future to hide. A mask may still be passed (for example
  to ignore padding), and it is then applied exactly as in exercise 08.

  Here you receive a single set of W_Q, W_K, W_V for each call; in a real model a
  cross-attention layer has its own weights, separate from the self-attention layer's.

  注意力函数本身并不关心 Q、K、V 从哪里来；恰恰是"从哪里来"决定了两种注意力的名字。

  自注意力中，三者都由同一个序列 X 投影得到：句子自己看自己。
  每个词都向本句中的每个词提问，所以权重是一张 n × n 的词与词关系表
  （例如 "it" 回头去找 "the cat"，动词去找它的主语）。BERT 和 GPT 都由这种层构成。

  交叉注意力中，查询来自一个序列，键和值来自另一个序列。典型场景是编码器-解码器
  模型做翻译：解码器正在写目标句，目标句的每个位置都在问"源句里哪些词
  和我接下来要写的内容有关？"。因此 Q 由解码器状态 X_dec 投影而来，
  K 和 V 由编码器输出 X_enc 投影而来。权重形状是 n_dec × n_enc（每个目标位置一行，
  每个源词一列），输出每个解码器位置一行。默认不需要因果掩码：
  整个源句早已已知，没有需要隐藏的"未来"。当然仍然可以传入掩码
  （比如用来忽略填充位），用法与练习 08 完全相同。

  这里每次调用只给一组 W_Q、W_K、W_V；在真实模型里，交叉注意力层有自己独立的权重，
  与自注意力层的权重不是同一套。

FORMULA / 公式
  self:   Q = X @ W_Q,      K = X @ W_K,      V = X @ W_V
  cross:  Q = X_dec @ W_Q,  K = X_enc @ W_K,  V = X_enc @ W_V
  both / 两者: output = softmax(Q Kᵀ / √d_k) V     (masked like exercise 08 / 掩码同练习 08)

SHAPES / 形状
  self_attention:
    X: [..., n, d_model]
    -> output [..., n, d_v],  weights [..., n, n]
  cross_attention:
    X_dec: [..., n_dec, d_model],  X_enc: [..., n_enc, d_model]
    -> output [..., n_dec, d_v],  weights [..., n_dec, n_enc]
  both / 两者:  W_Q, W_K: [d_model, d_k],  W_V: [d_model, d_v]
  mask: None, or broadcastable to [..., n_q, n_k] (bool or 0/1 of any dtype)

RETURN / 返回
  The tuple (output, weights) for both functions; blocked weights are exactly 0, and
  the mask's dtype never changes the output dtype (use masked_fill / torch.where).
  两个函数都返回元组 (output, weights)；被禁止的权重恰好为 0，掩码的 dtype
  绝不改变输出的 dtype（请用 masked_fill / torch.where）。

RULES / 规则
  Allowed / 允许: @ / torch.matmul, math.sqrt, masked_fill, torch.where, torch.softmax,
                  a small private helper of your own (e.g. `_attention`) in this file
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
  attn-kit check 09      (once / 检查一次;  hint / 提示: attn-kit hint 09)
"""

from __future__ import annotations

import math

import torch


### BEGIN SOLUTION
def _attention(
    Q: torch.Tensor,
    K: torch.Tensor,
    V: torch.Tensor,
    mask: torch.Tensor | None,
) -> tuple[torch.Tensor, torch.Tensor]:
    """softmax(Q Kᵀ / √d_k) V as in exercise 08 (each file is self-contained)."""
    d_k = Q.size(-1)  # python int
    # score and scale: transpose only the last two dims, keep batch dims aligned
    scores = Q @ K.transpose(-2, -1) / math.sqrt(d_k)  # [..., n_q, n_k]
    if mask is not None:
        # blocked -> -inf; masked_fill keeps scores' dtype whatever the mask's dtype
        scores = scores.masked_fill(mask == 0, float("-inf"))  # [..., n_q, n_k]
    weights = torch.softmax(scores, dim=-1)  # [..., n_q, n_k]
    return weights @ V, weights  # [..., n_q, d_v], [..., n_q, n_k]
### END SOLUTION


def self_attention(
    X: torch.Tensor,
    W_Q: torch.Tensor,
    W_K: torch.Tensor,
    W_V: torch.Tensor,
    mask: torch.Tensor | None = None,
) -> tuple[torch.Tensor, torch.Tensor]:
    """Self-attention: Q, K and V are all projected from the same sequence X.

    Args:
        X:    [..., n, d_model]  the sequence attending to itself.
        W_Q:  [d_model, d_k]
        W_K:  [d_model, d_k]
        W_V:  [d_model, d_v]
        mask: optional, bool or 0/1, broadcastable to [..., n, n].

    Returns:
        (output [..., n, d_v], weights [..., n, n]).
    """
    # TODO: project Q, K, V from X, then run scaled dot-product attention (mask if given)
    ### BEGIN SOLUTION
    # 1) one source for all three roles: the sentence looks at itself.
    Q = X @ W_Q  # [..., n, d_k]
    K = X @ W_K  # [..., n, d_k]
    V = X @ W_V  # [..., n, d_v]
    # 2) ordinary scaled dot-product attention; n_q = n_k = n here.
    return _attention(Q, K, V, mask)  # [..., n, d_v], [..., n, n]
    ### END SOLUTION


def cross_attention(
    X_dec: torch.Tensor,
    X_enc: torch.Tensor,
    W_Q: torch.Tensor,
    W_K: torch.Tensor,
    W_V: torch.Tensor,
    mask: torch.Tensor | None = None,
) -> tuple[torch.Tensor, torch.Tensor]:
    """Cross-attention: queries from the decoder, keys and values from the encoder.

    Args:
        X_dec: [..., n_dec, d_model]  the sequence asking (e.g. target sentence).
        X_enc: [..., n_enc, d_model]  the sequence being read (e.g. source sentence).
        W_Q:   [d_model, d_k]
        W_K:   [d_model, d_k]
        W_V:   [d_model, d_v]
        mask:  optional, bool or 0/1, broadcastable to [..., n_dec, n_enc].

    Returns:
        (output [..., n_dec, d_v], weights [..., n_dec, n_enc]).
    """
    # TODO: Q from X_dec, K and V from X_enc, then scaled dot-product attention (mask if given)
    ### BEGIN SOLUTION
    # 1) the questions come from the decoder: one query per target position.
    Q = X_dec @ W_Q  # [..., n_dec, d_k]
    # 2) what is looked up, and what is handed over, comes from the encoder.
    K = X_enc @ W_K  # [..., n_enc, d_k]
    V = X_enc @ W_V  # [..., n_enc, d_v]
    # 3) same attention as before; no causal mask unless the caller passes one,
    #    because the whole source sentence is already known.
    return _attention(Q, K, V, mask)  # [..., n_dec, d_v], [..., n_dec, n_enc]
    ### END SOLUTION
