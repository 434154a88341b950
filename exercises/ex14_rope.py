"""Exercise 14 · Rotary position embedding (RoPE) — 练习 14 · 旋转位置编码（RoPE）

Lesson section / 课文章节: modern attention: §8, X carries meaning and position / 现代注意力：第 8 节 X 同时携带词义和位置

WHAT / 概念
  The lesson's summary picture starts from "X (meaning + position)": a token's
  vector is its word embedding plus a vector for its position, added once at the
  bottom, and attention itself never sees a position again. The score q_m · k_n then
  mixes four products (word with word, word with position, position with word,
  position with position), and whether token m is 3 or 300 places from token n is left
  for the projections to dig out of that sum. What a score most often needs is the
  distance m - n, not the two absolute places.

  RoFormer (Su et al., 2021) asked for a way to put position into q and k so that
  their dot product depends on the two words and on m - n only. In two dimensions
  there is an exact answer: rotate. Turn q by the angle m·θ and k by n·θ. A rotation
  keeps lengths, and turning both vectors changes their dot product only through the
  angle between them, which moved by (m - n)·θ: so (R_m q) · (R_n k) = q · (R_(n-m) k).
  For d dimensions, cut the vector into d/2 planes: features (0, 1), (2, 3), ... each
  form a point, and pair i turns at its own speed θ_i = base^(-2i/d), the frequencies
  of the sinusoidal position vectors of the original Transformer. The fast pairs tell
  near neighbours apart, the slow ones still count distances in the thousands, and the
  paper shows that a bound on the score shrinks as the distance grows (its long-term
  decay): far-apart tokens tend to matter less to each other.

  So position moves from X into Q and K. Nothing is added to the input, and values are
  left alone: a position decides who attends to whom, not what is carried. The
  rotation is applied after the projections W_Q and W_K, at each token's own position,
  which suits the KV cache of exercise 12: a key rotated when its token arrives is
  already right for every later query, so the cache holds rotated keys and never
  rotates them again, and the new token's position is simply the cache length t.

  Precision: an angle is position times frequency, and at position 3000 float16 can
  only hold every second integer, so the angles would be off by whole radians. The
  angles and their cos and sin are computed in float32 (float64 for float64 inputs),
  and only the rotation itself is done in the input's dtype.

  课文的总结图从"X（词义 + 位置）"开始：一个词的向量等于它的词向量加上一个表示位置的
  向量，只在最底层加一次，之后注意力本身再也看不到位置。于是分数 q_m · k_n 里混着四种
  乘积（词与词、词与位置、位置与词、位置与位置），词 m 离词 n 是 3 个位置还是 300 个
  位置，只能靠投影从这个和里自己去挖。而分数最常需要的是距离 m - n，不是两个绝对位置。

  RoFormer（Su 等，2021）要找一种把位置放进 q 和 k 的办法，使它们的点积只取决于两个
  词本身和 m - n。在二维里有一个精确的答案：旋转。把 q 转过角度 m·θ，把 k 转过 n·θ。
  旋转不改变长度，两个向量一起转时，点积只通过它们之间的夹角变化，而这个夹角变了
  (m - n)·θ：所以 (R_m q) · (R_n k) = q · (R_(n-m) k)。对 d 维向量，把它切成 d/2 个
  平面：特征 (0, 1)、(2, 3)……各自组成一个点，第 i 对以自己的速度 θ_i = base^(-2i/d)
  旋转，这正是原始 Transformer 正弦位置向量用的那组频率。转得快的那几对区分相邻的词，
  转得慢的那几对在几千个位置之外仍能数清距离；论文还证明，分数的一个上界随距离增大而
  变小（它所说的远程衰减）：相隔很远的词往往彼此影响更小。

  于是位置从 X 搬进了 Q 和 K。输入上什么也不加，值也不动：位置决定谁关注谁，而不决定
  搬运什么内容。旋转发生在 W_Q、W_K 投影之后，按每个词自己的位置进行，这正好适合练习 12
  的 KV 缓存：一个键在它的词到来时转好，对之后所有的查询都已经是对的，所以缓存里存的是
  转好的键，永远不再转第二次，而新词的位置就是缓存的长度 t。

  精度：角度等于位置乘以频率，在位置 3000 附近 float16 只能表示每隔一个的整数，角度会
  差出整整几个弧度。所以角度以及它们的 cos 和 sin 用 float32 计算（输入是 float64 时用
  float64），只有旋转本身在输入的 dtype 中完成。

FORMULA / 公式
  θ_i = base ** (-2i / d),  i = 0 .. d/2 - 1          (base = 10000)
  at position p / 在位置 p:   a = p · θ_i
    y[2i]   = x[2i] · cos a - x[2i+1] · sin a           (counter-clockwise / 逆时针)
    y[2i+1] = x[2i] · sin a + x[2i+1] · cos a
  (R_m q) · (R_n k) depends only on m - n, and |R_p x| = |x|
  (R_m q) · (R_n k) 只取决于 m - n，且 |R_p x| = |x|
  example / 例: d = 2, x = (1, 0), p = 1: θ_0 = 1, y = (cos 1, sin 1) ≈ (0.540, 0.841)

  rope_attention_step, with t = the cache length / t 为缓存长度:
    q = rope(x_t @ W_Q, t),  k = rope(x_t @ W_K, t),  v = x_t @ W_V
    K = cat(K_past, k),  V = cat(V_past, v)           (dim -2; keys stored rotated)
    out_t = softmax(q Kᵀ / √d_k) V

SHAPES / 形状
  apply_rope: x [..., n, d] (d even / d 为偶数), positions integer, broadcastable to
              [..., n]  ->  [..., n, d]
  rope_attention_step: x_t [..., 1, d_model],  W_Q, W_K [d_model, d_k] (d_k even),
                       W_V [d_model, d_v],  cache None or (K_past [..., t, d_k],
                       V_past [..., t, d_v])
                       -> out_t [..., 1, d_v],  (K [..., t+1, d_k], V [..., t+1, d_v])

RETURN / 返回
  apply_rope returns x rotated pair by pair, in x's dtype and on x's device.
  rope_attention_step returns (out_t, (K, V)): the new token's output and the grown
  cache, its keys rotated and its values not; the cache passed in is left unchanged.
  apply_rope 返回逐对旋转后的 x，dtype 和 device 与 x 相同。
  rope_attention_step 返回 (out_t, (K, V))：新词的输出和变长后的缓存，其中的键已旋转、
  值没有旋转；传进来的缓存保持不变。

RULES / 规则
  Allowed / 允许: torch.cos, torch.sin, torch.arange, slicing (x[..., 0::2]),
                  torch.stack, torch.cat, @ / torch.matmul, torch.softmax, math.sqrt
  Forbidden / 禁止: torch.nn.functional.scaled_dot_product_attention,
                    torch.nn.MultiheadAttention,
                    torch.nn.functional.multi_head_attention_forward;
                    importing another exercise
  An odd d raises ValueError (the features must pair up).
  d 为奇数时抛出 ValueError（特征必须两两配对）。
  The pairs are adjacent, (2i, 2i+1), as in RoFormer; the "rotate half" layout of some
  libraries (i with i + d/2) is another layout, not this one.
  配对的是相邻的特征 (2i, 2i+1)，与 RoFormer 相同；有些库用的"rotate half"布局（i 与
  i + d/2 配对）是另一种布局，不是这里要求的。
  Imports / 导入: torch, math and the standard library only; numpy is refused: a result
                  must stay a torch tensor, and a numpy array loses its gradient and device.
  只能导入 torch、math 和标准库；numpy 会被拒绝：结果必须是 torch 张量，而 numpy 数组
  会丢掉它的梯度和设备。
  Keep the input dtype and device (make the angles on x's device); never modify an
  input in place, the cache included.
  保持输入的 dtype 和 device（角度在 x 所在的设备上生成）；不要原地修改任何输入，包括缓存。

CHECK / 检查
  attn-kit watch         (checks this file each time you save it / 每次保存时自动检查)
  attn-kit check 14      (once / 检查一次;  hint / 提示: attn-kit hint 14)
"""

from __future__ import annotations

import math

import torch


def apply_rope(
    x: torch.Tensor,
    positions: torch.Tensor,
    base: float = 10000.0,
) -> torch.Tensor:
    """Rotate each pair of adjacent features (2i, 2i+1) of x by the angle p · base**(-2i/d).

    Args:
        x:         [..., n, d]  queries or keys, d even.
        positions: integer tensor broadcastable to [..., n]: the position p of each row.
        base:      the base of the frequencies (10000 in RoFormer).

    Returns:
        [..., n, d], x rotated counter-clockwise pair by pair, in x's dtype.

    Raises:
        ValueError: d is odd.
    """
    # TODO: the angles p * base ** (-2i / d) in float32 (float64), then rotate each pair
    raise NotImplementedError


def rope_attention_step(
    x_t: torch.Tensor,
    W_Q: torch.Tensor,
    W_K: torch.Tensor,
    W_V: torch.Tensor,
    cache: tuple[torch.Tensor, torch.Tensor] | None = None,
    base: float = 10000.0,
) -> tuple[torch.Tensor, tuple[torch.Tensor, torch.Tensor]]:
    """Exercise 12's step with RoPE: the new token sits at position t, the cache length.

    Args:
        x_t:   [..., 1, d_model]  the newest token.
        W_Q:   [d_model, d_k]     (d_k even)
        W_K:   [d_model, d_k]
        W_V:   [d_model, d_v]
        cache: None (the first token), or (K_past [..., t, d_k] already rotated,
               V_past [..., t, d_v]).
        base:  the base of the frequencies, passed on to apply_rope.

    Returns:
        (out_t [..., 1, d_v], (K [..., t+1, d_k], V [..., t+1, d_v])): the keys rotated
        at their positions, the values not; the cache passed in is left unchanged.
    """
    # TODO: position t = cache length; rotate q and k at t, append k and v, attend
    raise NotImplementedError
