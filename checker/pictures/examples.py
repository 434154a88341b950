"""The inputs the pictures are drawn on: the lesson's small example and a real sentence.

An ``Example`` is a sequence of tokens with everything the exercises take:

    X            [n, d_in]       the tokens' vectors (what self-attention reads)
    W_Q, W_K     [d_in, d_k]     projections, row convention: Q = X @ W_Q
    W_V          [d_in, d_v]
    X_dec        [m, d_in]       a second sequence, whose queries read X (cross-attention)

``small(lang, seed)``: the lesson's example, six (or five) words with hand-made vectors
of width 8: random, seeded, except that a word and its translation get nearly the same
vector and W_K is W_Q plus a little noise, so that a word looks most at itself and at its
translation.

``sentence(text, lang)``: a real sentence through the first layer of all-MiniLM-L6-v2
(``attention-kit[model]``), the kit computing

    X = LayerNorm(word + position + token-type embeddings)      [n, 384]
    Q = X Wq^T + bq,  K = X Wk^T + bk,  V = X Wv^T + bv          [n, 32] for one head

The learner's functions take no bias, so the bias rides on a column of ones:
X1 = [X, 1] [n, 385] and W_Q = [Wq_head^T ; bq_head] [385, 32], which gives X1 @ W_Q = Q
exactly.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field

import torch

D_SMALL, DK_SMALL, H_SMALL = 8, 4, 2   # the small example: d_model, d_k, heads (ex11)
HEAD = 2            # the MiniLM head shown: layer 1, head 3 (counting from 1) looks back
SHOWN_HEADS = (2, 8)   # heads drawn for exercise 11 on the real sentence (all are compared)
N_HEADS, D_HEAD = 12, 32

SMALL = {
    "en": (["the", "cat", "sat", "on", "the", "mat"], ["le", "chat", "assis"],
           {0: 0, 1: 1, 2: 2}),
    "zh": (["猫", "坐", "在", "垫子", "上"], ["the", "cat", "sat"], {1: 0, 2: 1}),
}
# Sentences in the model's vocabulary (it knows only a few hundred Chinese characters).
SENTENCES = {
    "en": ("The cat sat on the mat because it was tired.", "A dog slept on the rug."),
    "zh": ("春天的花和秋天的月。", "夏天的海和山。"),
}


@dataclass
class Example:
    kind: str                      # "small" or "sentence"
    tokens: list[str]
    X: torch.Tensor                # [n, d_in]
    W_Q: torch.Tensor              # [d_in, d_k]
    W_K: torch.Tensor              # [d_in, d_k]
    W_V: torch.Tensor              # [d_in, d_v]
    dec_tokens: list[str]
    X_dec: torch.Tensor            # [m, d_in]
    text: str = ""                 # the sentence, or the words joined
    dec_text: str = ""
    heads: dict = field(default_factory=dict)   # exercise 11's inputs, see multi_head()

    @property
    def Q(self) -> torch.Tensor:
        return self.X @ self.W_Q  # [n, d_k]

    @property
    def K(self) -> torch.Tensor:
        return self.X @ self.W_K  # [n, d_k]

    @property
    def V(self) -> torch.Tensor:
        return self.X @ self.W_V  # [n, d_v]

    def scores(self) -> torch.Tensor:
        """Q Kᵀ / √d_k, the scaled scores (exercises 05 to 07 start from them)."""
        return self.Q @ self.K.T / math.sqrt(self.W_Q.shape[1])  # [n, n]


def small(lang: str = "en", seed: int = 0) -> Example:
    """The lesson's small example, the same for the same seed."""
    words, dec_words, pairs = SMALL.get(lang, SMALL["en"])
    gen = torch.Generator().manual_seed(seed)
    vocab = {w: None for w in words}                       # repeated words share a vector
    base = torch.randn(len(vocab), D_SMALL, generator=gen)  # [v, d]
    index = {w: i for i, w in enumerate(vocab)}
    X = base[[index[w] for w in words]]                    # [n, d]
    X_dec = torch.randn(len(dec_words), D_SMALL, generator=gen)  # [m, d]
    for j, i in pairs.items():       # a translation: nearly the word's own vector
        X_dec[j] = X[i] + 0.3 * torch.randn(D_SMALL, generator=gen)  # [d]
    W_Q = torch.randn(D_SMALL, DK_SMALL, generator=gen) / math.sqrt(D_SMALL)  # [d, d_k]
    W_K = W_Q + 0.8 * torch.randn(D_SMALL, DK_SMALL, generator=gen) / math.sqrt(D_SMALL)
    W_V = torch.randn(D_SMALL, DK_SMALL, generator=gen) / math.sqrt(D_SMALL)  # [d, d_v]
    W = [torch.randn(D_SMALL, D_SMALL, generator=gen) / math.sqrt(D_SMALL) for _ in range(4)]
    W[1] = W[0] + 0.4 * torch.randn(D_SMALL, D_SMALL, generator=gen) / math.sqrt(D_SMALL)
    sep = "" if lang == "zh" else " "
    return Example("small", list(words), X, W_Q, W_K, W_V, list(dec_words), X_dec,
                   sep.join(words), " ".join(dec_words),
                   {"X": X, "W_Q": W[0], "W_K": W[1], "W_V": W[2], "W_O": W[3], "h": H_SMALL,
                    "shown": list(range(H_SMALL))})


def _layer0():
    """MiniLM's embeddings and first attention layer, as the kit's encoder holds them."""
    from checker.models import encoder

    model = encoder.load_encoder()  # read once, cached
    return model.embeddings, model.layers[0].attn


def _embed(text: str) -> tuple[list[str], torch.Tensor]:
    """The tokens of ``text`` and their vectors after the embeddings' LayerNorm."""
    from checker.models import weights

    batch = weights.tokenize([text])
    embeddings, _ = _layer0()
    with torch.no_grad():
        X = embeddings(batch["input_ids"])[0]                     # [n, 384]
    return list(batch["tokens"][0]), X


def _projection(role: str, rows: slice) -> torch.Tensor:
    """[Wᵀ ; b] for the output rows ``rows`` of layer 0's query, key or value: [385, k]."""
    _, attention = _layer0()
    linear = {"query": attention.q, "key": attention.k, "value": attention.v}[role]
    W, b = linear.weight[rows].detach(), linear.bias[rows].detach()  # [k, 384], [k]
    return torch.cat([W.T, b[None, :]], dim=0)                      # [385, k]


def _ones(X: torch.Tensor) -> torch.Tensor:
    return torch.cat([X, torch.ones(X.shape[0], 1)], dim=1)  # [n, 385]


def sentence(text: str | None = None, lang: str = "en") -> Example:
    """A real sentence and one head of MiniLM's first layer (raises ``ModelMissing``)."""
    own, partner = SENTENCES.get(lang, SENTENCES["en"])
    text = text or own
    tokens, X = _embed(text)
    dec_tokens, X_dec = _embed(partner)
    head = slice(HEAD * D_HEAD, (HEAD + 1) * D_HEAD)
    X1, X1_dec = _ones(X), _ones(X_dec)                          # [n, 385], [m, 385]
    return Example("sentence", tokens, X1, _projection("query", head), _projection("key", head),
                   _projection("value", head), dec_tokens, X1_dec, text, partner,
                   _all_heads(X1))


def _all_heads(X1: torch.Tensor) -> dict:
    """Exercise 11's inputs that reproduce MiniLM's twelve heads with square weights.

    multi_head_attention wants W of [d_model, d_model] and scales by √(d_model / h).
    Each head gets one spare column of zeros (d_head 33 = 32 + 1, d_model 396 = 12 x 33),
    X gets zeros up to 396 columns, and W_Q is multiplied by √(33/32), so that the
    learner's Q_h K_hᵀ / √33 equals the model's q_h k_hᵀ / √32.
    """
    d, n = N_HEADS * (D_HEAD + 1), X1.shape[0]                    # 396
    X = torch.cat([X1, torch.zeros(n, d - X1.shape[1])], dim=1)   # [n, 396]
    weights = {}
    for role in ("query", "key", "value"):
        W = torch.zeros(d, d)                                      # [396, 396]
        for h in range(N_HEADS):
            block = _projection(role, slice(h * D_HEAD, (h + 1) * D_HEAD))  # [385, 32]
            W[:block.shape[0], h * (D_HEAD + 1):h * (D_HEAD + 1) + D_HEAD] = block
        weights[role] = W
    scale = math.sqrt((D_HEAD + 1) / D_HEAD)
    return {"X": X, "W_Q": weights["query"] * scale, "W_K": weights["key"],
            "W_V": weights["value"], "W_O": torch.eye(d), "h": N_HEADS,
            "shown": list(SHOWN_HEADS)}


def with_positions(X: torch.Tensor, W_Q: torch.Tensor, W_K: torch.Tensor):
    """Inputs for exercise 12 whose values are the positions themselves.

    X gets n one-hot columns (token i has a 1 in column i), W_Q and W_K ignore them and
    W_V reads only them, so V = I_n and a step's output Σ_j w_j V_j is its row of weights.
    """
    n = X.shape[0]
    Xp = torch.cat([X, torch.eye(n)], dim=1)                        # [n, d_in + n]
    pad = torch.zeros(n, W_Q.shape[1])                              # [n, d_k]
    W_V = torch.cat([torch.zeros(X.shape[1], n), torch.eye(n)], 0)   # [d_in + n, n]
    return Xp, torch.cat([W_Q, pad], 0), torch.cat([W_K, pad], 0), W_V
