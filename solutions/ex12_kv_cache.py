"""Exercise 12 · KV cache — 练习 12 · KV 缓存

Lesson section / 课文章节: beyond the lesson: §7, one token at a time / 课文之外：第 7 节 逐词生成

WHAT / 概念
  A GPT writes one token at a time: it predicts the next token, appends it to the text
  and runs again. Done naively, every new token repeats the projections and the
  attention of the whole prefix, so generating n tokens costs work that grows like n³
  (n passes, each quadratic). Look again at exercise 10: row t of causal attention uses
  only the query of token t and the keys and values of tokens 0..t. And a key or value,
  once computed, never changes: it depends on its own token only. So keep them. A KV
  cache stores the keys and the values of every token seen so far, and each new token
  adds one row to each.

  One step then costs one projection of the newest token and one row of scores: its
  query against the t + 1 keys in the cache. No mask is needed, because the cache holds
  only the past and the token itself: there is no future in it to hide. The causal mask
  of exercise 10 and the cache are two views of the same rule, "only look back", and
  generate_outputs shows it: feeding a sequence through attention_step one token at a
  time gives exactly the output of causal self-attention on the whole sequence.

  Keep keys and values in step: row j of K and row j of V both belong to token j, so the
  new key and the new value are both appended at the end, oldest first. The step returns
  a new cache and leaves the one it was given as it was (torch.cat builds new tensors),
  and gradients still flow through the cache back to the tokens that made it.

  GPT 一次只写一个词：预测下一个词，把它接到文本后面，再运行一遍。如果直接这么做，
  每来一个新词都要把整个前缀的投影和注意力重算一遍，生成 n 个词的工作量大约按 n³ 增长
  （n 遍，每遍都是平方级）。回头看练习 10：因果注意力的第 t 行只用到第 t 个词的查询，
  以及第 0..t 个词的键和值。而键或值一旦算出来就不会再变：它只取决于自己那个词。
  那就把它们存起来。KV 缓存保存到目前为止每个词的键和值，每来一个新词，两者各添一行。

  于是一步只需要对最新的词做一次投影，再算一行分数：它的查询对上缓存里的 t + 1 个键。
  不需要掩码，因为缓存里只有过去和这个词自己：里面根本没有需要遮住的未来。
  练习 10 的因果掩码和缓存是同一条规则（"只往回看"）的两种表达，generate_outputs
  正好说明这一点：把一个序列一个词一个词地送进 attention_step，得到的输出与对整个
  序列做因果自注意力完全相同。

  让键和值保持同步：K 的第 j 行和 V 的第 j 行都属于第 j 个词，所以新键和新值都追加在
  末尾，按从旧到新排列。这一步返回一个新的缓存，传进来的缓存保持原样（torch.cat 会
  构造新的张量），梯度仍然可以穿过缓存，流回产生它的那些词。

FORMULA / 公式
  q, k, v = x_t @ W_Q, x_t @ W_K, x_t @ W_V
  K = cat(K_past, k),  V = cat(V_past, v)        along the positions / 沿位置维 (dim -2)
  out_t = softmax(q Kᵀ / √d_k) V                  no mask / 无需掩码
  generate_outputs(X) = cat(out_0, ..., out_{n-1}) = causal_self_attention(X)[0]

SHAPES / 形状
  x_t:   [..., 1, d_model]      W_Q, W_K: [d_model, d_k]      W_V: [d_model, d_v]
  cache: None, or (K_past [..., t, d_k], V_past [..., t, d_v])
  attention_step -> out_t [..., 1, d_v],  (K [..., t+1, d_k], V [..., t+1, d_v])
  generate_outputs: X [..., n, d_model] -> [..., n, d_v]

RETURN / 返回
  attention_step returns (out_t, (K, V)): the new token's output and the grown cache,
  keys first. generate_outputs returns one tensor, the outputs of all n steps in order.
  attention_step 返回 (out_t, (K, V))：新词的输出和变长后的缓存，键在前。
  generate_outputs 返回一个张量：按顺序排列的 n 步输出。

RULES / 规则
  Allowed / 允许: @ / torch.matmul, torch.cat, torch.stack, math.sqrt, torch.softmax,
                  slicing, a loop over the positions in generate_outputs
  Forbidden / 禁止: torch.nn.functional.scaled_dot_product_attention,
                    torch.nn.MultiheadAttention,
                    torch.nn.functional.multi_head_attention_forward;
                    importing another exercise
  Imports / 导入: torch, math and the standard library only; numpy is refused: a result
                  must stay a torch tensor, and a numpy array loses its gradient and device.
  只能导入 torch、math 和标准库；numpy 会被拒绝：结果必须是 torch 张量，而 numpy 数组
  会丢掉它的梯度和设备。
  Keep the input dtype and device (create no tensor on the CPU for a cache: the
  first step may simply use its own key and value); never modify an input in place,
  the cache included.
  保持输入的 dtype 和 device（不要在 CPU 上创建缓存用的张量：第一步直接用自己的键和值
  即可）；不要原地修改任何输入，包括缓存。

CHECK / 检查
  attn-kit watch         (checks this file each time you save it / 每次保存时自动检查)
  attn-kit check 12      (once / 检查一次;  hint / 提示: attn-kit hint 12)
"""

from __future__ import annotations

import math

import torch


def attention_step(
    x_t: torch.Tensor,
    W_Q: torch.Tensor,
    W_K: torch.Tensor,
    W_V: torch.Tensor,
    cache: tuple[torch.Tensor, torch.Tensor] | None = None,
) -> tuple[torch.Tensor, tuple[torch.Tensor, torch.Tensor]]:
    """One generation step: the newest token attends to itself and every cached token.

    Args:
        x_t:   [..., 1, d_model]  the newest token.
        W_Q:   [d_model, d_k]
        W_K:   [d_model, d_k]
        W_V:   [d_model, d_v]
        cache: None (the first token), or (K_past [..., t, d_k], V_past [..., t, d_v]).

    Returns:
        (out_t [..., 1, d_v], (K [..., t+1, d_k], V [..., t+1, d_v])); the cache that
        was passed in is left unchanged.
    """
    # TODO: project x_t, append its key and value to the cache, attend over the cache
    ### BEGIN SOLUTION
    # 1) the newest token's three roles.
    q = x_t @ W_Q  # [..., 1, d_k]
    k = x_t @ W_K  # [..., 1, d_k]
    v = x_t @ W_V  # [..., 1, d_v]
    # 2) append its key and value after the cached ones (new tensors: the cache passed
    #    in stays as it was). The first token starts the cache with its own pair.
    if cache is None:
        K, V = k, v  # [..., 1, d_k], [..., 1, d_v]
    else:
        K_past, V_past = cache
        K = torch.cat([K_past, k], dim=-2)  # [..., t+1, d_k]
        V = torch.cat([V_past, v], dim=-2)  # [..., t+1, d_v]
    # 3) one row of scores: the new query against every key so far. All of them are in
    #    the past (or the token itself), so nothing needs masking.
    d_k = q.size(-1)  # python int
    scores = q @ K.transpose(-2, -1) / math.sqrt(d_k)  # [..., 1, t+1]
    weights = torch.softmax(scores, dim=-1)  # [..., 1, t+1]
    # 4) blend the cached values.
    out_t = weights @ V  # [..., 1, d_v]
    return out_t, (K, V)
    ### END SOLUTION


def generate_outputs(
    X: torch.Tensor,
    W_Q: torch.Tensor,
    W_K: torch.Tensor,
    W_V: torch.Tensor,
) -> torch.Tensor:
    """Feed X through attention_step one token at a time, carrying the cache along.

    Args:
        X:   [..., n, d_model]  the sequence (any leading batch dims).
        W_Q: [d_model, d_k]
        W_K: [d_model, d_k]
        W_V: [d_model, d_v]

    Returns:
        [..., n, d_v]: the same as causal self-attention's output (exercise 10).
    """
    # TODO: loop over the positions, step with the cache, join the outputs along dim -2
    ### BEGIN SOLUTION
    cache = None
    outputs = []
    for t in range(X.size(-2)):
        # 1) token t alone, keeping a position dim of size 1.
        x_t = X[..., t:t + 1, :]  # [..., 1, d_model]
        # 2) one step; the grown cache goes on to the next token.
        out_t, cache = attention_step(x_t, W_Q, W_K, W_V, cache)  # [..., 1, d_v]
        outputs.append(out_t)
    # 3) the n outputs in order, along the position dimension.
    return torch.cat(outputs, dim=-2)  # [..., n, d_v]
    ### END SOLUTION
