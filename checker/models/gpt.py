"""A tiny character-level GPT whose attention heads call YOUR attention function.

The model reads a window of characters and, at every position, predicts the next one:

    x_0 = tok_emb[c_t] + pos_emb[t]                                  [B, T, d]
    for each of the 2 blocks (pre-LayerNorm, as in GPT-2):
        x = x + concat_i Attn(LN(x); W_Q_i, W_K_i, W_V_i) · W_O + b_O  [B, T, d]
        x = x + W_2 GELU(W_1 LN(x) + b_1) + b_2                         [B, T, d]
    logits = LN(x) · W_vocab                                         [B, T, V]
    loss   = mean_t  -log softmax(logits_t)[c_{t+1}]                 (cross-entropy)

Each head owns three bias-free matrices W_Q_i, W_K_i, W_V_i [d, d_head]; they are
parameters that AdamW trains, and they are handed to the learner's function once per
head, exactly in the exercises' row convention (Q = X @ W_Q).

Two variants, chosen by `variant`:

  "causal"   attention = exercise 10's causal_self_attention(X, W_Q, W_K, W_V).
             Position t sees only characters 0..t: the honest way to train a GPT.
  "no_mask"  attention = exercise 09's self_attention(X, W_Q, W_K, W_V, mask=None).
             Position t also sees t+1, t+2, ... While training, the character it has to
             predict is sitting right there in its input, so it learns to copy it and the
             training loss drops close to 0. When generating there is no future to copy
             from, and the model writes garbage. This is why a decoder needs the mask.

Typical use:

    trained = train_gpt(text, causal_self_attention, variant="causal", steps=800)
    trained.losses                      # one float per step
    trained.generate("The attention ", n_chars=200, seed=0)
"""

from __future__ import annotations

import contextlib
import time
from dataclasses import dataclass, field
from typing import Callable

import torch
import torch.nn as nn
import torch.nn.functional as F

from checker.models.contract import checked_pair

VARIANTS = ("causal", "no_mask")


# ----------------------------------------------------------------------------------------
# characters <-> ids
# ----------------------------------------------------------------------------------------


class CharVocab:
    """Every distinct character of the training text gets an id (sorted, so stable)."""

    def __init__(self, text: str):
        self.chars = sorted(set(text))
        self.index = {c: i for i, c in enumerate(self.chars)}

    def __len__(self) -> int:
        return len(self.chars)

    def encode(self, s: str) -> torch.Tensor:
        """Characters -> ids; characters never seen in training are skipped."""
        return torch.tensor([self.index[c] for c in s if c in self.index], dtype=torch.long)

    def decode(self, ids) -> str:
        return "".join(self.chars[int(i)] for i in ids)


# ----------------------------------------------------------------------------------------
# the learner's function, in the one shape the model uses
# ----------------------------------------------------------------------------------------


def as_head_attention(attention: Callable, variant: str) -> Callable:
    """Wrap the learner's function as attend(X, W_Q, W_K, W_V) -> (output, weights)."""
    if variant == "causal":
        return attention  # exercise 10 already has this signature, mask built inside
    if variant == "no_mask":
        def attend_everything(X, W_Q, W_K, W_V):
            return attention(X, W_Q, W_K, W_V, mask=None)  # exercise 09, no mask at all
        return attend_everything
    raise ValueError(f"variant must be one of {VARIANTS}, not {variant!r}")


# ----------------------------------------------------------------------------------------
# the model
# ----------------------------------------------------------------------------------------


class MultiHeadAttention(nn.Module):
    """h heads, each calling the learner's function with its own matrices; then W_O."""

    def __init__(self, d: int, h: int, attend: Callable):
        super().__init__()
        d_head = d // h
        self.attend = attend  # a plain function, not a module: it has no weights
        self.W_Q = nn.ParameterList(nn.Parameter(torch.empty(d, d_head)) for _ in range(h))
        self.W_K = nn.ParameterList(nn.Parameter(torch.empty(d, d_head)) for _ in range(h))
        self.W_V = nn.ParameterList(nn.Parameter(torch.empty(d, d_head)) for _ in range(h))
        self.proj = nn.Linear(d, d)  # W_O (with bias), mixes what the heads found

    def forward(self, x: torch.Tensor):
        outs, weights = [], []
        for W_Q, W_K, W_V in zip(self.W_Q, self.W_K, self.W_V):
            # >>> THE LEARNER'S CALL (exercise 10, or 09 without a mask) <<<
            result = self.attend(x, W_Q, W_K, W_V)  # [B, T, d_head], [B, T, T]
            B, T = x.shape[:2]  # python ints
            out, w = checked_pair(result, (B, T, W_V.shape[1]), (B, T, T))
            outs.append(out)
            weights.append(w)
        z = torch.cat(outs, dim=-1)  # [B, T, d]  heads side by side
        return self.proj(z), torch.stack(weights, dim=1)  # [B, T, d], [B, h, T, T]


class Block(nn.Module):
    """Pre-LayerNorm transformer block: x + attention(LN x), then x + MLP(LN x)."""

    def __init__(self, d: int, h: int, attend: Callable):
        super().__init__()
        self.ln1 = nn.LayerNorm(d)
        self.attn = MultiHeadAttention(d, h, attend)
        self.ln2 = nn.LayerNorm(d)
        self.mlp = nn.Sequential(nn.Linear(d, 4 * d), nn.GELU(), nn.Linear(4 * d, d))

    def forward(self, x: torch.Tensor):
        a, w = self.attn(self.ln1(x))  # [B, T, d], [B, h, T, T]
        x = x + a  # [B, T, d]
        x = x + self.mlp(self.ln2(x))  # [B, T, d]
        return x, w  # [B, T, d], [B, h, T, T]


class TinyGPT(nn.Module):
    """Token + learned position embeddings, a few blocks, a final LN and a vocab head."""

    def __init__(self, vocab_size: int, attend: Callable, d: int = 64, h: int = 4,
                 n_layers: int = 2, block_size: int = 32):
        super().__init__()
        if d % h:
            raise ValueError(f"d={d} is not divisible by h={h}")
        self.block_size = block_size
        self.tok_emb = nn.Embedding(vocab_size, d)
        self.pos_emb = nn.Embedding(block_size, d)
        self.blocks = nn.ModuleList(Block(d, h, attend) for _ in range(n_layers))
        self.ln_f = nn.LayerNorm(d)
        self.head = nn.Linear(d, vocab_size, bias=False)

    def init_weights(self, generator: torch.Generator) -> None:
        """GPT-2's recipe: N(0, 0.02) for matrices and embeddings, zero biases."""
        for name, p in self.named_parameters():
            if name.endswith("bias"):
                nn.init.zeros_(p)
            elif ".ln" in name or name.startswith("ln_f"):
                nn.init.ones_(p)  # LayerNorm gains
            else:
                nn.init.normal_(p, 0.0, 0.02, generator=generator)

    def forward(self, idx: torch.Tensor, targets: torch.Tensor | None = None):
        """idx [B, T] ids -> (logits [B, T, V], loss or None, weights: L x [B, h, T, T])."""
        T = idx.size(1)  # python int
        pos = torch.arange(T, device=idx.device)  # [T]
        x = self.tok_emb(idx) + self.pos_emb(pos)  # [B, T, d]
        all_weights = []
        for block in self.blocks:
            x, w = block(x)  # [B, T, d], [B, h, T, T]
            all_weights.append(w)
        logits = self.head(self.ln_f(x))  # [B, T, V]
        loss = None
        if targets is not None:
            loss = F.cross_entropy(logits.flatten(0, 1), targets.flatten())  # scalar
        return logits, loss, all_weights


# ----------------------------------------------------------------------------------------
# training and generation
# ----------------------------------------------------------------------------------------


@dataclass
class TrainedGPT:
    """A trained model with its vocabulary, loss curve and timing."""

    model: TinyGPT
    vocab: CharVocab
    variant: str
    losses: list = field(default_factory=list)  # training loss of every step
    seconds: float = 0.0  # wall time of the training loop
    seed: int = 0

    def generate(self, prompt: str, n_chars: int = 200, seed: int = 0,
                 temperature: float = 0.8) -> str:
        """Continue `prompt` by n_chars characters, one at a time.

        Sampling at temperature 0.8 (default): a small character model decoded greedily
        falls into loops ("the the the ..."), while plain sampling (1.0) picks too many
        unlikely characters; 0.8 sharpens the distribution a little and keeps variety.
        The sampling draws from a torch.Generator seeded with `seed`, so the same model,
        prompt and seed always give the same text. temperature=0 means greedy.
        Characters of the prompt that the training text never contained are dropped.
        """
        return generate(self, prompt, n_chars, seed, temperature)


@contextlib.contextmanager
def _threads(n: int | None):
    """Run the block with n torch threads (None: leave the setting), then restore it.

    These matrices are tiny: a second thread mostly adds synchronisation, and on a busy
    machine it can make a step several times slower.
    """
    old = torch.get_num_threads()
    if n is not None:
        torch.set_num_threads(n)
    try:
        yield
    finally:
        if n is not None:
            torch.set_num_threads(old)


def _batch(data: torch.Tensor, block: int, batch: int, g: torch.Generator):
    """Random windows of the text: inputs and the same windows shifted by one."""
    starts = torch.randint(len(data) - block - 1, (batch,), generator=g)  # [B]
    offsets = torch.arange(block)  # [T]
    x = data[starts[:, None] + offsets]  # [B, T]
    y = data[starts[:, None] + offsets + 1]  # [B, T]  the next character of each
    return x, y


class Trainer:
    """Training in steps that can be taken a few at a time (for a progress bar).

    ``Trainer(...)`` builds the model and the optimiser; ``train(n)`` takes the next n
    steps and returns their losses; ``result()`` gives the TrainedGPT. Taking the steps
    in chunks gives exactly the same model as taking them in one go.
    """

    def __init__(self, text: str, attention: Callable, variant: str = "causal",
                 steps: int = 800, seed: int = 0, *, d: int = 64, h: int = 4,
                 n_layers: int = 2, block_size: int = 32, batch_size: int = 32,
                 lr: float = 3e-3, weight_decay: float = 0.01, threads: int | None = 1,
                 build: Callable[[int], nn.Module] | None = None):
        if len(text) < block_size + 2:
            raise ValueError(f"the training text needs more than {block_size + 1} characters")
        self.vocab = CharVocab(text)
        self.data = self.vocab.encode(text)  # [N]
        self.variant, self.steps, self.seed, self.threads = variant, steps, seed, threads
        self.block_size, self.batch_size = block_size, batch_size
        self.g = torch.Generator().manual_seed(seed)
        # nn.Linear and nn.Embedding draw a default init from the global RNG; fork_rng
        # keeps the caller's random state untouched (init_weights then redraws every
        # weight from g)
        with torch.random.fork_rng(devices=[]):
            if build is not None:  # another model of the same interface (modern_gpt.py)
                self.model = build(len(self.vocab))
            else:
                self.model = TinyGPT(len(self.vocab), as_head_attention(attention, variant),
                                     d, h, n_layers, block_size)
        self.model.init_weights(self.g)
        self.opt = torch.optim.AdamW(self.model.parameters(), lr=lr, weight_decay=weight_decay)
        # the learning rate falls linearly to 10% of lr: a steadier end for short runs
        self.sched = torch.optim.lr_scheduler.LambdaLR(
            self.opt, lambda s: 1.0 - 0.9 * s / max(1, steps))
        self.losses: list = []
        self.seconds = 0.0

    @property
    def done(self) -> int:
        return len(self.losses)

    def train(self, n: int) -> list:
        """Take the next n steps (never beyond ``steps``); their losses."""
        first = len(self.losses)
        t0 = time.perf_counter()
        with _threads(self.threads):
            self.model.train()
            for _ in range(max(0, min(n, self.steps - first))):
                x, y = _batch(self.data, self.block_size, self.batch_size, self.g)  # [B, T]
                _, loss, _ = self.model(x, y)  # scalar
                self.opt.zero_grad(set_to_none=True)
                loss.backward()
                self.opt.step()
                self.sched.step()
                self.losses.append(loss.item())
            self.model.eval()
        self.seconds += time.perf_counter() - t0
        return self.losses[first:]

    def result(self) -> "TrainedGPT":
        return TrainedGPT(self.model, self.vocab, self.variant, list(self.losses),
                          self.seconds, self.seed)


def train_gpt(text: str, attention: Callable, variant: str = "causal", steps: int = 800,
              seed: int = 0, on_step: Callable | None = None, **options) -> TrainedGPT:
    """Train a TinyGPT on `text` with the learner's attention and AdamW.

    Args:
        text:      the training text (any language; one token per character).
        attention: exercise 10's causal_self_attention (variant "causal") or
                   exercise 09's self_attention (variant "no_mask").
        steps:     number of optimisation steps (800 take ~15 s on one core).
        seed:      fixes the initial weights and the batches: same seed, same model.
        on_step:   optional progress callback on_step(step, total, loss), step = 1..total.
        options:   d, h, n_layers, block_size, batch_size, lr, weight_decay, and
                   threads: torch threads during training (1 by default, restored
                   afterwards; None leaves the setting alone). Results are reproducible
                   for a fixed thread count.
    """
    trainer = Trainer(text, attention, variant, steps, seed, **options)
    while trainer.done < steps:
        (loss,) = trainer.train(1)
        if on_step is not None:
            on_step(trainer.done, steps, loss)
    return trainer.result()


@torch.no_grad()
def generate(trained: TrainedGPT, prompt: str, n_chars: int = 200, seed: int = 0,
             temperature: float = 0.8) -> str:
    """See TrainedGPT.generate. Returns only the new characters (not the prompt)."""
    model, vocab = trained.model, trained.vocab
    g = torch.Generator().manual_seed(seed)
    ids = vocab.encode(prompt)  # [t]
    if len(ids) == 0:
        start = "\n" if "\n" in vocab.index else vocab.chars[0]
        ids = vocab.encode(start)  # [1]
    ids = ids[None, :]  # [1, t]
    new = []
    with _threads(1):
        for _ in range(n_chars):
            nxt = _next_char(model, ids, temperature, g)
            new.append(nxt)
            ids = torch.cat([ids, torch.tensor([[nxt]])], dim=1)  # [1, t+1]
    return vocab.decode(new)


def _next_char(model: TinyGPT, ids: torch.Tensor, temperature: float,
               g: torch.Generator) -> int:
    """One step of generation: the id of the character that follows ids [1, t]."""
    context = ids[:, -model.block_size:]  # [1, t'] (positions are learned up to T)
    logits, _, _ = model(context)  # [1, t', V]
    last = logits[0, -1]  # [V]  the prediction after the last character
    if temperature <= 0:
        return int(last.argmax())  # greedy
    probs = torch.softmax(last / temperature, dim=-1)  # [V]
    return int(torch.multinomial(probs, 1, generator=g))


@torch.no_grad()
def prefix_loss(trained: TrainedGPT, text: str, n_windows: int = 8, seed: int = 0) -> float:
    """The loss the model gets when it sees only the past, as it does while generating.

    For each position t of a window, the model reads characters 0..t alone and its last
    prediction is scored against character t+1. For the causal model this is just its
    ordinary loss on those windows; for the no-mask model it shows what it really learned.
    """
    model, vocab = trained.model, trained.vocab
    data = vocab.encode(text)  # [N]
    g = torch.Generator().manual_seed(seed)
    x, y = _batch(data, model.block_size, n_windows, g)  # [W, T], [W, T]
    total = 0.0
    with _threads(1):
        for t in range(model.block_size):
            logits, _, _ = model(x[:, : t + 1])  # [W, t+1, V]
            total += F.cross_entropy(logits[:, -1], y[:, t]).item()  # mean over windows
    return total / model.block_size
