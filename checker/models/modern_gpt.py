"""The tiny GPT built the way current models are, from the learner's 13, 14 and 15.

The same character model as gpt.py (two pre-LayerNorm blocks, d = 64, four query heads),
with the three changes current models make, each one the learner's own function when
its exercise passes:

    x_0 = tok_emb[c_t]          (+ pos_emb[t] only without 14)          [B, T, d]
    q = LN(x) W_Q                                                       [B, h, T, d_head]
    k, v = LN(x) W_K, LN(x) W_V    (h_kv = 2 heads with 15, else h)     [B, h_kv, T, d_head]
    q, k = apply_rope(q, t), apply_rope(k, t)                   (14)    positions by rotation
    k, v = repeat_kv(k, h / h_kv), repeat_kv(v, h / h_kv)       (15)    [B, h, T, d_head]
    out, lse = tiled_attention(q, k, v, causal, tile = 8)       (13)    [B, h, T, d_head]
      (without 13: 15's grouped_query_attention(q, k, v, causal), or the kit's own)
    x = x + concat_heads(out) W_O + b_O;  x = x + MLP(LN(x))            [B, T, d]

Without any of them it is the plain model the screen compares against: learned
positions, h key/value heads, the kit's attention. What changes is measured on the run's
own numbers: the training loss, the parameters, and the KV cache a generating model keeps
per token, n_layers x 2 (K and V) x h_kv x d_head x 4 bytes: each key/value head given
up saves 1/h of it, which is why GQA and MQA exist. With 13 alone the model is the plain
one computed in tiles, so the two train to the same losses (a test holds it).
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Callable

import torch
import torch.nn as nn
import torch.nn.functional as F

from checker.i18n import t
from checker.models.contract import check_tensor

H_KV = 2          # key/value heads with 15 (four query heads share them in pairs)
TILE = 8          # keys per tile with 13 (a 32-character window: four tiles)


@dataclass(frozen=True)
class Pieces:
    """The learner's functions the model calls (None: the plain model's way)."""

    tiles: Callable | None = None     # 13: tiled_attention(Q, K, V, mask, tile)
    rope: Callable | None = None      # 14: apply_rope(x, positions)
    repeat: Callable | None = None    # 15: repeat_kv(X, n_rep)
    grouped: Callable | None = None   # 15: grouped_query_attention(Q, K, V, mask)

    @property
    def kv_heads_shared(self) -> bool:
        return self.repeat is not None or self.grouped is not None


def _kit_repeat(x: torch.Tensor, n_rep: int) -> torch.Tensor:
    return x.repeat_interleave(n_rep, dim=-3)  # [B, h_kv * n_rep, T, d_head]


def _kit_attention(q, k, v, mask):
    """Softmax attention with a boolean mask (True: may attend): the plain model's."""
    scores = q @ k.transpose(-2, -1) / math.sqrt(q.shape[-1])  # [B, h, T, T]
    scores = scores.masked_fill(~mask, float("-inf"))          # [B, h, T, T]
    return torch.softmax(scores, dim=-1) @ v                   # [B, h, T, d_head]


class ModernAttention(nn.Module):
    """Causal self-attention with h query heads and h_kv key/value heads."""

    def __init__(self, d: int, h: int, h_kv: int, pieces: Pieces):
        super().__init__()
        self.h, self.h_kv, self.d_head, self.pieces = h, h_kv, d // h, pieces
        self.W_Q = nn.Linear(d, h * self.d_head, bias=False)
        self.W_K = nn.Linear(d, h_kv * self.d_head, bias=False)
        self.W_V = nn.Linear(d, h_kv * self.d_head, bias=False)
        self.proj = nn.Linear(d, d)  # W_O

    def _heads(self, x: torch.Tensor, n_heads: int) -> torch.Tensor:
        B, T, _ = x.shape
        return x.view(B, T, n_heads, self.d_head).transpose(1, 2)  # [B, n_heads, T, d_head]

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        B, T, d = x.shape  # python ints
        p = self.pieces
        q = self._heads(self.W_Q(x), self.h)       # [B, h, T, d_head]
        k = self._heads(self.W_K(x), self.h_kv)    # [B, h_kv, T, d_head]
        v = self._heads(self.W_V(x), self.h_kv)    # [B, h_kv, T, d_head]
        if p.rope is not None:
            positions = torch.arange(T)  # [T]
            q = check_tensor(p.rope(q, positions), q.shape, "apply_rope")  # [B, h, T, d_head]
            k = check_tensor(p.rope(k, positions), k.shape, "apply_rope")  # [B, h_kv, T, d_head]
        causal = torch.ones(T, T, dtype=torch.bool).tril()  # [T, T]  True: may attend
        full = (B, self.h, T, self.d_head)
        if p.tiles is not None or p.grouped is None:
            n_rep = self.h // self.h_kv
            repeat = p.repeat or _kit_repeat
            if n_rep > 1:
                k = check_tensor(repeat(k, n_rep), full, "repeat_kv")  # [B, h, T, d_head]
                v = check_tensor(repeat(v, n_rep), full, "repeat_kv")  # [B, h, T, d_head]
            if p.tiles is not None:
                result = p.tiles(q, k, v, causal, TILE)  # ([B, h, T, d_head], [B, h, T])
                out = check_tensor(_first(result, "tiled_attention"), full, "tiled_attention")
            else:
                out = _kit_attention(q, k, v, causal)  # [B, h, T, d_head]
        else:
            result = p.grouped(q, k, v, causal)  # ([B, h, T, d_head], [B, h, T, T])
            out = check_tensor(_first(result, "grouped_query_attention"), full,
                               "grouped_query_attention")
        z = out.transpose(1, 2).reshape(B, T, d)  # [B, T, d]  heads side by side
        return self.proj(z)                        # [B, T, d]


def _first(result, function: str) -> torch.Tensor:
    """The output of a function that returns a pair (output, lse or weights)."""
    if not isinstance(result, (tuple, list)) or len(result) != 2:
        raise TypeError(t("your {function} returned {type}, expected a pair",
                          function=function, type=type(result).__name__))
    return result[0]


class ModernBlock(nn.Module):
    def __init__(self, d: int, h: int, h_kv: int, pieces: Pieces):
        super().__init__()
        self.ln1, self.ln2 = nn.LayerNorm(d), nn.LayerNorm(d)
        self.attn = ModernAttention(d, h, h_kv, pieces)
        self.mlp = nn.Sequential(nn.Linear(d, 4 * d), nn.GELU(), nn.Linear(4 * d, d))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x + self.attn(self.ln1(x))   # [B, T, d]
        return x + self.mlp(self.ln2(x))  # [B, T, d]


class ModernGPT(nn.Module):
    """Token embeddings (and learned positions without RoPE), blocks, LN, vocab head."""

    def __init__(self, vocab_size: int, pieces: Pieces, d: int = 64, h: int = 4,
                 n_layers: int = 2, block_size: int = 32):
        super().__init__()
        self.block_size, self.pieces = block_size, pieces
        self.h_kv = H_KV if pieces.kv_heads_shared else h
        self.n_layers, self.d_head = n_layers, d // h
        self.tok_emb = nn.Embedding(vocab_size, d)
        self.pos_emb = nn.Embedding(block_size, d) if pieces.rope is None else None
        self.blocks = nn.ModuleList(ModernBlock(d, h, self.h_kv, pieces)
                                    for _ in range(n_layers))
        self.ln_f = nn.LayerNorm(d)
        self.head = nn.Linear(d, vocab_size, bias=False)

    def init_weights(self, generator: torch.Generator) -> None:
        """GPT-2's recipe, as gpt.TinyGPT: N(0, 0.02), zero biases, unit LayerNorm gains."""
        for name, p in self.named_parameters():
            if name.endswith("bias"):
                nn.init.zeros_(p)
            elif ".ln" in name or name.startswith("ln_f"):
                nn.init.ones_(p)
            else:
                nn.init.normal_(p, 0.0, 0.02, generator=generator)

    @property
    def kv_cache_bytes_per_token(self) -> int:
        """What generating keeps per token: K and V of every layer, float32."""
        return self.n_layers * 2 * self.h_kv * self.d_head * 4

    def forward(self, idx: torch.Tensor, targets: torch.Tensor | None = None):
        """idx [B, T] -> (logits [B, T, V], loss or None, [] (tiles keep no weights))."""
        T = idx.size(1)  # python int
        x = self.tok_emb(idx)  # [B, T, d]
        if self.pos_emb is not None:
            x = x + self.pos_emb(torch.arange(T))  # [B, T, d]
        for block in self.blocks:
            x = block(x)  # [B, T, d]
        logits = self.head(self.ln_f(x))  # [B, T, V]
        loss = None
        if targets is not None:
            loss = F.cross_entropy(logits.flatten(0, 1), targets.flatten())  # scalar
        return logits, loss, []


def builder(pieces: Pieces, **options) -> Callable[[int], ModernGPT]:
    """What gpt.Trainer calls with the vocabulary's size to make the model."""
    return lambda vocab_size: ModernGPT(vocab_size, pieces, **options)
