"""A hand-written BERT sentence encoder (all-MiniLM-L6-v2) that runs YOUR attention.

The model is a stack of six identical encoder layers on top of an embedding layer,
followed by mean pooling and L2 normalisation, as sentence-transformers defines it:

    E   = LayerNorm(word_emb[ids] + pos_emb[0..n-1] + type_emb[0])          [B, n, d]
    for each of the 6 layers:
        A   = MultiHead(E) = concat_i softmax(Q_i K_iᵀ / √d_head) V_i · W_O + b_O
              with Q = E W_Q + b_Q, K = E W_K + b_K, V = E W_V + b_V        [B, n, d]
        E   = LayerNorm(E + A)                                              [B, n, d]
        F   = GELU(E W_1 + b_1) W_2 + b_2                                   [B, n, d]
        E   = LayerNorm(E + F)                                              [B, n, d]
    s   = Σ_j mask_j E_j / Σ_j mask_j      (mean over real tokens, not padding)  [B, d]
    emb = s / ‖s‖                                                           [B, d]

Sizes for this model: d = 384, h = 12 heads, d_head = 32, feed-forward width 1536.

BERT is an encoder: there is no causal mask. The only mask hides padding, so that a
real token never attends to the [PAD] tokens added to make the batch rectangular.

The attention itself is not written here. It is passed in, and called in one of two
ways ("routes"), each marked below as THE LEARNER'S CALL:

  route="sdpa"  attention(Q, K, V, mask) -> (output, weights)          exercise 08
                on per-head tensors [B, h, n, d_head], mask [B, 1, 1, n] (bool,
                True = may attend). The layer projects, splits heads and merges them.
  route="mha"   attention(X_q, X_kv, W_Q, W_K, W_V, W_O, h, mask) -> (output, weights)
                exercise 11, on X [B, n, d] with W's [d, d] and mask [B, 1, n] (the
                batch dims of X, then a query axis of 1, then the keys); the learner's
                function projects, splits, attends, merges and applies W_O itself.
                Its contract has no biases, BERT has them: see
                SelfAttention._route_mha for how they are handled exactly.
"""

from __future__ import annotations

import functools
from typing import Callable

import torch
import torch.nn as nn
import torch.nn.functional as F

from checker.models import weights as bundle
from checker.models.contract import checked_pair

ROUTES = ("sdpa", "mha")


# ----------------------------------------------------------------------------------------
# building blocks
# ----------------------------------------------------------------------------------------


class Embeddings(nn.Module):
    """Token + position (+ segment) embeddings, then LayerNorm."""

    def __init__(self, vocab: int, max_pos: int, d: int, eps: float):
        super().__init__()
        self.word = nn.Embedding(vocab, d)
        self.position = nn.Embedding(max_pos, d)
        self.segment = nn.Embedding(2, d)  # BERT's "token type"; one sentence = type 0
        self.norm = nn.LayerNorm(d, eps=eps)

    def forward(self, input_ids: torch.Tensor) -> torch.Tensor:
        n = input_ids.size(1)  # python int
        positions = torch.arange(n, device=input_ids.device)  # [n]
        # 1) what each token is + where it stands + which segment it belongs to
        x = self.word(input_ids)  # [B, n, d]
        x = x + self.position(positions)  # [B, n, d]  ([n, d] broadcasts over B)
        x = x + self.segment.weight[0]  # [B, n, d]  (every token is in segment 0)
        # 2) normalise each token vector
        return self.norm(x)  # [B, n, d]


class SelfAttention(nn.Module):
    """BERT's multi-head self-attention, with the attention step supplied by the caller.

    Weights are stored the PyTorch way (nn.Linear: y = x Wᵀ + b, W is [out, in]). The
    exercises use the row convention Q = X @ W_Q with W_Q [d_in, d_out], so the matrix
    a learner's function receives is the transpose: W_Q = self.q.weight.T.
    """

    def __init__(self, d: int, h: int):
        super().__init__()
        if d % h:
            raise ValueError(f"d_model={d} is not divisible by h={h}")
        self.h = h
        self.q = nn.Linear(d, d)  # W_Q, b_Q
        self.k = nn.Linear(d, d)  # W_K, b_K
        self.v = nn.Linear(d, d)  # W_V, b_V
        self.o = nn.Linear(d, d)  # W_O, b_O

    def forward(self, x, pad_mask, attention: Callable, route: str):
        """x [B, n, d], pad_mask [B, n] bool (True = real token).

        Returns (output [B, n, d], weights [B, h, n, n]).
        """
        if route == "sdpa":
            return self._route_sdpa(x, pad_mask, attention)
        if route == "mha":
            return self._route_mha(x, pad_mask, attention)
        raise ValueError(f"route must be one of {ROUTES}, not {route!r}")

    def _route_sdpa(self, x, pad_mask, sdpa):
        B, n, d = x.shape  # python ints
        h = self.h  # python int
        d_head = d // h  # python int (32 here)
        # 1) project every token three ways (BERT's projections carry a bias)
        Q = self.q(x)  # [B, n, d]
        K = self.k(x)  # [B, n, d]
        V = self.v(x)  # [B, n, d]
        # 2) split the d columns into h contiguous blocks, one per head
        Q = Q.view(B, n, h, d_head).transpose(1, 2)  # [B, h, n, d_head]
        K = K.view(B, n, h, d_head).transpose(1, 2)  # [B, h, n, d_head]
        V = V.view(B, n, h, d_head).transpose(1, 2)  # [B, h, n, d_head]
        # 3) the padding mask as the exercise expects it: one row per sentence, the same
        #    for every head and every query; broadcasts against the scores [B, h, n, n]
        mask = pad_mask[:, None, None, :]  # [B, 1, 1, n] bool
        # 4) >>> THE LEARNER'S CALL (exercise 08: scaled_dot_product_attention) <<<
        result = sdpa(Q, K, V, mask)  # (output [B, h, n, d_head], weights [B, h, n, n])
        #    (checked: a wrong shape is said plainly, not as a matrix error further on)
        out, weights = checked_pair(result, (B, h, n, d_head), (B, h, n, n))
        # 5) merge the heads back side by side, then the output projection
        out = out.transpose(1, 2).reshape(B, n, d)  # [B, n, d]
        return self.o(out), weights  # [B, n, d], [B, h, n, n]

    def _route_mha(self, x, pad_mask, mha):
        """Run exercise 11's bias-free multi_head_attention and still get BERT's result.

        BERT computes  softmax((X W_Q + b_Q)(X W_K + b_K)ᵀ / √d_head)(X W_V + b_V) W_O + b_O
        per head. The learner's function has no bias arguments; each bias is handled
        exactly, not approximately:

        * b_K (key bias) can simply be dropped. In each head, for one query q, it adds
          q · b_K to the score of EVERY key: the same number along a whole row. Softmax
          does not change when a constant is added to a row (it cancels between the
          numerator and the denominator), so the weights stay identical.
        * b_V and b_O (value and output biases) are added afterwards. Each row of the
          weights sums to 1, so Σ_j w_ij (v_j + b_V) = Σ_j w_ij v_j + b_V: the value
          bias passes straight through the weighted average, and then through the
          output projection as b_V W_O. Add b_V @ W_O + b_O after the call.
        * b_Q (query bias) does change the scores, so it must go in. Move it into the
          query INPUT instead: find the row vector c with c W_Q = b_Q, i.e.
          c = b_Q W_Q⁻¹; then (X + c) W_Q = X W_Q + b_Q. Pass X_q = X + c and
          X_kv = X. W_Q is square and, for a trained model, invertible; c is solved
          in float64 so that rounding does not creep in.

        Precision: W_Q is poorly conditioned (condition number 2e3 to 7e3 in this
        model), so c is large (norm up to ~176 where b_Q's is at most ~7) and float32
        loses a few digits in (X + c) W_Q. In float32 this route matches route "sdpa"
        to ~3e-7 on the embeddings and ~1e-5 on the weights (route "sdpa" itself is
        ~8e-6 from the float64 truth); run the model in float64 and they agree to 1e-13.
        """
        B, n, d = x.shape  # python ints
        h = self.h  # python int
        # 1) row-convention matrices for the learner: Q = X @ W_Q
        W_Q = self.q.weight.T  # [d, d]
        W_K = self.k.weight.T  # [d, d]
        W_V = self.v.weight.T  # [d, d]
        W_O = self.o.weight.T  # [d, d]
        # 2) the query bias, moved into the query input (solve c W_Q = b_Q, in float64)
        W_Q64 = W_Q.double()  # [d, d]
        b_Q64 = self.q.bias.double()  # [d]
        c = torch.linalg.solve(W_Q64.T, b_Q64).to(x.dtype)  # [d]   (W_Qᵀ cᵀ = b_Qᵀ)
        X_q = x + c  # [B, n, d]
        # 3) the padding mask: broadcastable to [B, n_q, n_k], the same for every head
        mask = pad_mask[:, None, :]  # [B, 1, n] bool
        # 4) >>> THE LEARNER'S CALL (exercise 11: multi_head_attention) <<<
        result = mha(X_q, x, W_Q, W_K, W_V, W_O, h, mask)  # (out [B, n, d], w [B, h, n, n])
        out, weights = checked_pair(result, (B, n, d), (B, h, n, n))
        # 5) the value and output biases pass straight through (rows of weights sum to 1)
        out_bias = self.v.bias @ W_O + self.o.bias  # [d]
        return out + out_bias, weights  # [B, n, d], [B, h, n, n]


class EncoderLayer(nn.Module):
    """Post-LayerNorm encoder layer: attention, add & norm, feed-forward, add & norm."""

    def __init__(self, d: int, h: int, d_ff: int, eps: float):
        super().__init__()
        self.attn = SelfAttention(d, h)
        self.norm1 = nn.LayerNorm(d, eps=eps)
        self.ff_in = nn.Linear(d, d_ff)
        self.ff_out = nn.Linear(d_ff, d)
        self.norm2 = nn.LayerNorm(d, eps=eps)

    def forward(self, x, pad_mask, attention, route):
        # 1) every token gathers information from the whole sentence
        a, weights = self.attn(x, pad_mask, attention, route)  # [B, n, d], [B, h, n, n]
        # 2) residual connection, then LayerNorm (BERT normalises after the addition)
        x = self.norm1(x + a)  # [B, n, d]
        # 3) position-wise feed-forward: widen, exact (erf) GELU, narrow back
        f = F.gelu(self.ff_in(x))  # [B, n, d_ff]
        f = self.ff_out(f)  # [B, n, d]
        # 4) residual connection, then LayerNorm
        x = self.norm2(x + f)  # [B, n, d]
        return x, weights  # [B, n, d], [B, h, n, n]


class SentenceEncoder(nn.Module):
    """Embeddings + 6 encoder layers + mean pooling + L2 normalisation."""

    def __init__(self, vocab=30522, max_pos=512, d=384, h=12, d_ff=1536, n_layers=6,
                 eps=1e-12):
        super().__init__()
        self.embeddings = Embeddings(vocab, max_pos, d, eps)
        self.layers = nn.ModuleList(EncoderLayer(d, h, d_ff, eps) for _ in range(n_layers))

    def forward(self, input_ids, attention_mask, attention: Callable, route: str = "sdpa"):
        """input_ids [B, n] int, attention_mask [B, n] (1 = real token, 0 = padding).

        Returns (embeddings [B, d] unit length, per-layer weights: list of [B, h, n, n]).
        """
        if route not in ROUTES:
            raise ValueError(f"route must be one of {ROUTES}, not {route!r}")
        pad_mask = attention_mask.bool()  # [B, n]  True = real token
        # 1) token vectors
        x = self.embeddings(input_ids)  # [B, n, d]
        # 2) six rounds of attention + feed-forward, keeping every layer's weights
        all_weights = []
        for layer in self.layers:
            x, w = layer(x, pad_mask, attention, route)  # [B, n, d], [B, h, n, n]
            all_weights.append(w)
        # 3) mean over the real tokens only (padding has weight 0 in the average)
        m = attention_mask.to(x.dtype).unsqueeze(-1)  # [B, n, 1]
        summed = (x * m).sum(dim=1)  # [B, d]
        counts = m.sum(dim=1).clamp(min=1e-9)  # [B, 1]
        s = summed / counts  # [B, d]
        # 4) unit length, so that a dot product of two embeddings is their cosine
        return F.normalize(s, p=2, dim=-1), all_weights  # [B, d], L x [B, h, n, n]


# ----------------------------------------------------------------------------------------
# loading the real weights
# ----------------------------------------------------------------------------------------

# our parameter name  <-  Hugging Face BERT name (per layer, "{i}" is the layer index)
_LAYER_KEYS = {
    "attn.q": "attention.self.query",
    "attn.k": "attention.self.key",
    "attn.v": "attention.self.value",
    "attn.o": "attention.output.dense",
    "norm1": "attention.output.LayerNorm",
    "ff_in": "intermediate.dense",
    "ff_out": "output.dense",
    "norm2": "output.LayerNorm",
}
_EMB_KEYS = {
    "embeddings.word": "embeddings.word_embeddings",
    "embeddings.position": "embeddings.position_embeddings",
    "embeddings.segment": "embeddings.token_type_embeddings",
    "embeddings.norm": "embeddings.LayerNorm",
}


def _rename(hf: dict, n_layers: int) -> dict:
    """Hugging Face parameter names -> this module's names (weights and biases)."""
    out = {}
    for ours, theirs in _EMB_KEYS.items():
        out[f"{ours}.weight"] = hf[f"{theirs}.weight"]
        if ours == "embeddings.norm":
            out[f"{ours}.bias"] = hf[f"{theirs}.bias"]
    for i in range(n_layers):
        for ours, theirs in _LAYER_KEYS.items():
            for kind in ("weight", "bias"):
                out[f"layers.{i}.{ours}.{kind}"] = hf[f"encoder.layer.{i}.{theirs}.{kind}"]
    return out  # the BERT pooler (unused by sentence-transformers) is left out


@functools.lru_cache(maxsize=1)
def load_encoder() -> SentenceEncoder:
    """Build the encoder and load all-MiniLM-L6-v2's weights (cached after the first call).

    Raises weights.ModelMissing when the model package is not installed.
    """
    cfg = bundle.load_config()
    hf = bundle.load_state_dict()
    vocab, d = hf["embeddings.word_embeddings.weight"].shape
    model = SentenceEncoder(
        vocab=vocab,
        max_pos=hf["embeddings.position_embeddings.weight"].shape[0],
        d=d,
        h=cfg["n_heads"],
        d_ff=cfg["d_ff"],
        n_layers=cfg["n_layers"],
        eps=cfg["layer_norm_eps"],
    )
    model.load_state_dict(_rename(hf, cfg["n_layers"]), strict=True)
    model.eval()  # no dropout anywhere at inference
    model.requires_grad_(False)
    return model


# ----------------------------------------------------------------------------------------
# the public API
# ----------------------------------------------------------------------------------------


def encode(sentences: list[str], attention: Callable, route: str = "sdpa",
           attn_weights="all") -> dict:
    """Embed sentences with the real model, using `attention` inside every layer.

    Args:
        sentences:    a list of strings (English works best: the vocabulary is English
                      and most Chinese characters become [UNK]).
        attention:    the learner's function: exercise 08's
                      scaled_dot_product_attention for route="sdpa", exercise 11's
                      multi_head_attention for route="mha".
        route:        "sdpa" or "mha" (see the module docstring).
        attn_weights: "all" -> every layer's weights, a tensor [L, B, h, n, n];
                      (layer, head) -> only that one, [B, n, n]; None -> not kept.

    Returns a dict:
        embeddings     [B, 384]  unit-length sentence vectors
        attentions     see attn_weights (absent when None)
        tokens         B lists of token strings (no padding), row i of a weight matrix
                       belongs to tokens[b][i]
        input_ids      [B, n],  attention_mask [B, n]
    """
    batch = bundle.tokenize(sentences)
    emb, per_layer = encode_ids(batch["input_ids"], batch["attention_mask"], attention,
                                route)  # [B, d], L x [B, h, n, n]
    result = {
        "embeddings": emb,  # [B, d]
        "tokens": batch["tokens"],
        "input_ids": batch["input_ids"],  # [B, n]
        "attention_mask": batch["attention_mask"],  # [B, n]
    }
    if attn_weights == "all":
        result["attentions"] = torch.stack(per_layer)  # [L, B, h, n, n]
    elif attn_weights is not None:
        layer, head = attn_weights
        result["attentions"] = per_layer[layer][:, head]  # [B, n, n]
    return result


def encode_ids(input_ids: torch.Tensor, attention_mask: torch.Tensor, attention: Callable,
               route: str = "sdpa") -> tuple:
    """The model on an already tokenized batch (see weights.tokenize), without gradients.

    Returns (embeddings [B, d] unit length, per-layer weights: list of [B, h, n, n]).
    """
    model = load_encoder()
    with torch.no_grad():
        return model(input_ids, attention_mask, attention, route)  # [B, d], L x [B, h, n, n]


def similarities(embeddings: torch.Tensor) -> torch.Tensor:
    """Cosine similarity of every pair of sentences: [B, d] -> [B, B].

    encode() already returns unit vectors; normalising again makes this safe for any
    embeddings.
    """
    e = F.normalize(embeddings, p=2, dim=-1)  # [B, d]
    return e @ e.T  # [B, B]
