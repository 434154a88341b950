"""Exercise 04 made visible: why the scores are divided by √d_k.

For each d_k in D_KS, seeded random queries [N_Q, d_k] and keys [N_K, d_k] with
unit-variance entries give scores S = q kᵀ [N_Q, N_K] whose entries have variance d_k.
The softmax of S, row by row, is measured two ways:

    top weight   mean over the queries of max_j softmax(S')_ij    (1 = one-hot)
    gradient     median over the queries of ‖∂L/∂S'_i‖, the gradient that reaches the
                 softmax's input for query i, for L = Σ softmax(S') ⊙ G with a fixed
                 random G [N_Q, N_K]

where S' is S itself (no scaling), the reference's S / √d_k, or what the learner's
scale_scores(S, d_k) returns (called in their worker; the softmax and its gradient
are the kit's, on their scores). Through the softmax,
∂L/∂S'_ij = w_ij (G_ij - Σ_k w_ik G_ik): it vanishes when a row is one-hot.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field

import torch

from checker.engine.supervisor import LearnerProblem
from checker.i18n import t
from checker.pictures import calls

D_KS = (4, 16, 64, 256, 1024)
N_Q, N_K = 64, 16


@dataclass
class Row:
    d_k: int
    plain: tuple[float, float]                 # (top weight, gradient) without scaling
    reference: tuple[float, float]
    mine: tuple[float, float] | None = None


@dataclass
class Sweep:
    rows: list[Row] = field(default_factory=list)
    problem: str = ""          # why the learner's column is empty
    not_started: bool = False


def _measure(scaled: torch.Tensor, upstream: torch.Tensor) -> tuple[float, torch.Tensor]:
    """(mean top weight, median gradient size) for L = Σ softmax(scaled) ⊙ upstream."""
    w = torch.softmax(scaled, dim=-1)  # [N_Q, N_K]
    grad = w * (upstream - (w * upstream).sum(-1, keepdim=True))  # [N_Q, N_K]
    return float(w.max(-1).values.mean()), float(grad.norm(dim=-1).median())


def sweep(seed: int, learner=None, ref=None) -> Sweep:
    gen = torch.Generator().manual_seed(seed)
    found = Sweep()
    for d_k in D_KS:
        q = torch.randn(N_Q, d_k, generator=gen, dtype=torch.float64)   # [N_Q, d_k]
        k = torch.randn(N_K, d_k, generator=gen, dtype=torch.float64)   # [N_K, d_k]
        upstream = torch.randn(N_Q, N_K, generator=gen, dtype=torch.float64)  # [N_Q, N_K]
        scores = q @ k.T  # [N_Q, N_K], variance d_k
        top, grad = _measure(scores, upstream)
        ref_scaled = (ref.scale_scores(scores, d_k) if ref is not None
                      else scores / math.sqrt(d_k))  # [N_Q, N_K]
        ref_top, ref_grad = _measure(ref_scaled, upstream)
        row = Row(d_k, (top, grad), (ref_top, ref_grad))
        found.rows.append(row)
        if learner is not None and not found.problem:
            row.mine = _learners(learner, scores, d_k, upstream, found)
    return found


def _learners(learner, scores, d_k, upstream, found: Sweep):
    func = "scale_scores"
    try:
        scaled = learner(func, scores, d_k)
        if not isinstance(scaled, torch.Tensor) or scaled.shape != scores.shape:
            found.problem = t("{func} returned {what}; expected a tensor of shape {shape}",
                              func=func, what=_what(scaled), shape=list(scores.shape))
            return None
    except LearnerProblem as problem:
        found.not_started = calls.not_started(problem)
        found.problem = (t("not started: fill in {func} first", func=func)
                         if found.not_started else problem.summary)
        return None
    return _measure(scaled.detach().double(), upstream)


def _what(value) -> str:
    if isinstance(value, torch.Tensor):
        return t("shape {shape}", shape=list(value.shape))
    return type(value).__name__
