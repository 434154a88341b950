"""What each exercise's pictures are: which function is called on which inputs, and the
matrix drawn from its result, the learner's next to the reference's.

``pictures(exercise_id, example, learner, ref)`` returns a list of ``Picture``: a title,
row and column labels, the reference's matrix and the learner's (or the one line that
says why there is none). The learner's functions run in their worker (``learner``, a
``calls.LearnerCalls``; None: the reference only); the reference solution runs here.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import torch

from checker.engine.supervisor import LearnerProblem
from checker.i18n import t
from checker.pictures import calls
from checker.pictures.examples import Example, with_positions

AGREE = 1e-4        # float32 weights that agree differ by about 1e-7


@dataclass
class Picture:
    title: str
    rows: list[str]                   # one label per row (queries)
    cols: list[str]                   # one label per column (keys)
    reference: torch.Tensor           # [r, c]
    mine: torch.Tensor | None = None  # [r, c], the learner's; None: see problem
    problem: str = ""                 # why the learner's picture is missing
    not_started: bool = False
    given: bool = False               # an input the exercise gets: nothing of the learner's
    blocked: torch.Tensor | None = None   # [r, c] bool, cells that are masked (drawn blank)
    low: float | None = 0.0           # the colour scale (None: from the reference)
    high: float | None = 1.0
    notes: list[str] = field(default_factory=list)
    name_cols: bool = True            # say which token each column is (when not the rows)
    agree_notes: list[str] = field(default_factory=list)  # said only while the check passes
    check_fails: bool = False         # `check` fails: agreeing here is not agreeing there

    def shown_notes(self) -> list[str]:
        """The notes to print: one that says yours agrees only while the check passes."""
        return self.notes + ([] if self.check_fails else self.agree_notes)

    def _gap(self) -> torch.Tensor:
        """[r, c] |mine - reference|: 0 where both hold the same infinity, NaN with a NaN."""
        a, b = self.mine.double(), self.reference.double()
        return (a - b).abs().masked_fill((a == b) & torch.isinf(b), 0.0)

    @property
    def diff(self) -> float | None:
        """max |mine - reference| (inf when the masked cells differ, nan with a NaN)."""
        if self.mine is None:
            return None
        if torch.isnan(self.mine).any():
            return float("nan")
        gap = self._gap()
        return float(gap.max()) if gap.numel() else 0.0

    @property
    def differs(self) -> torch.Tensor | None:
        """[r, c] bool: the cells where yours and the reference's differ by more than
        ``AGREE`` (a NaN, or an infinity the other has not, differs). None: no picture."""
        if self.mine is None or self.mine.shape != self.reference.shape:
            return None
        return ~(self._gap() <= AGREE)

    def largest_difference(self) -> tuple[int, int] | None:
        """(row, column) of the cell where yours is furthest from the reference's (a NaN
        first), or None when no cell differs."""
        differs = self.differs
        if differs is None or not bool(differs.any()):
            return None
        gap = self._gap().nan_to_num(nan=float("inf"), posinf=float("inf"))  # [r, c]
        gap = gap.masked_fill(~differs, -1.0)
        return divmod(int(gap.reshape(-1).argmax()), gap.shape[1])

    @property
    def agrees(self) -> bool:
        d = self.diff
        return d is not None and d == d and d <= AGREE

    def scale(self) -> tuple[float, float]:
        ref = self.reference[torch.isfinite(self.reference)]
        low = self.low if self.low is not None else float(ref.min()) if ref.numel() else 0.0
        high = self.high if self.high is not None else float(ref.max()) if ref.numel() else 1.0
        return low, high


class Unusable(Exception):
    """The learner's result cannot be drawn (the one line says why)."""


def _attempt(picture: Picture, learner, func: str, make) -> Picture:
    """Fill in the learner's matrix: ``make()`` calls the learner and returns it."""
    if learner is None:
        return picture
    try:
        mine = make()
    except LearnerProblem as problem:
        picture.not_started = calls.not_started(problem)
        picture.problem = (t("not started: fill in {func} first", func=func)
                           if picture.not_started else problem.summary)
        return picture
    except Unusable as exc:
        picture.problem = str(exc)
        return picture
    picture.mine = _matrix(mine, picture.reference.shape, func)
    return picture


def _matrix(value, shape, func: str) -> torch.Tensor:
    if not isinstance(value, torch.Tensor):
        raise Unusable(t("{func} returned {what}, not a tensor", func=func,
                         what=type(value).__name__))
    if tuple(value.shape) != tuple(shape):
        raise Unusable(t("{func} returned shape {got}; the picture needs {shape}", func=func,
                         got=list(value.shape), shape=list(shape)))
    return value.detach().double()


def _weights_of(result, func: str, index: int = 1):
    """``result[1]``, the weights, of a function that returns (output, weights)."""
    if not isinstance(result, (tuple, list)) or len(result) != 2:
        raise Unusable(t("{func} should return a pair (output, weights); it returned {what}",
                         func=func, what=type(result).__name__))
    return result[index]


def _upper(n: int) -> torch.Tensor:
    return torch.ones(n, n, dtype=torch.bool).triu(1)  # [n, n], True above the diagonal


def _causal(n: int) -> torch.Tensor:
    return torch.ones(n, n, dtype=torch.bool).tril()  # [n, n], True on and below


# ------------------------------------------------------------------ exercises
def ex05(ex: Example, learner, ref) -> list[Picture]:
    """softmax(Q Kᵀ / √d_k) over the keys: one row per query."""
    scores = ex.scores()  # [n, n]
    pic = Picture(t("softmax of the scores Q·Kᵀ/√d_k: how much each query (row) attends to "
                    "each key (column)"), ex.tokens, ex.tokens, ref.softmax(scores, dim=-1))
    return [_attempt(pic, learner, "softmax", lambda: learner("softmax", scores, dim=-1))]


def ex06(ex: Example, learner, ref) -> list[Picture]:
    """output = weights @ V: row i blends the value rows with row i's weights."""
    weights = torch.softmax(ex.scores(), dim=-1)  # [n, n]
    V = ex.V  # [n, d_v]
    given = Picture(t("the weights given to weighted_sum (an input: the same for both)"),
                    ex.tokens, ex.tokens, weights, given=True)
    dims = [f"v{j}" for j in range(V.shape[1])]
    out = Picture(t("weighted_sum(weights, V): one output row per query, one column per value "
                    "dimension"), ex.tokens, dims, ref.weighted_sum(weights, V), low=None,
                  high=None, name_cols=False)
    return [given, _attempt(out, learner, "weighted_sum",
                            lambda: learner("weighted_sum", weights, V))]


def ex07(ex: Example, learner, ref) -> list[Picture]:
    """mask = tril(ones(n, n)); weights = softmax(scores with -inf where the mask is 0)."""
    n = len(ex.tokens)
    scores = ex.scores()  # [n, n]
    mask = ref.causal_mask(n)  # [n, n] bool
    shown = Picture(t("causal_mask(n): dark = the query (row) may see the key (column)"),
                    ex.tokens, ex.tokens, mask.double())
    shown = _attempt(shown, learner, "causal_mask",
                     lambda: _as_numbers(learner("causal_mask", n)))
    weights = Picture(t("softmax of apply_mask(scores, the causal mask): the future (blank) "
                        "gets no weight"), ex.tokens, ex.tokens,
                      torch.softmax(ref.apply_mask(scores, mask), dim=-1), blocked=~mask)

    def masked():
        got = _matrix(learner("apply_mask", scores, mask), (n, n), "apply_mask")
        return torch.softmax(got, dim=-1)  # [n, n]
    return [shown, _attempt(weights, learner, "apply_mask", masked)]


def _as_numbers(value):
    if isinstance(value, torch.Tensor):
        return value.detach().double()  # bool or 0/1 -> 0.0 / 1.0
    return value


def ex08(ex: Example, learner, ref) -> list[Picture]:
    """weights = softmax(Q Kᵀ / √d_k, masked), returned by scaled_dot_product_attention."""
    Q, K, V = ex.Q, ex.K, ex.V  # [n, d_k], [n, d_k], [n, d_v]
    n = len(ex.tokens)
    func = "scaled_dot_product_attention"
    plain = Picture(t("the weights scaled_dot_product_attention(Q, K, V) returns"),
                    ex.tokens, ex.tokens, ref.scaled_dot_product_attention(Q, K, V)[1])
    found = [_attempt(plain, learner, func,
                      lambda: _weights_of(learner(func, Q, K, V), func))]
    if ex.kind == "small":
        mask = _causal(n)  # [n, n]
        masked = Picture(t("the same with mask = the causal mask: no query sees a later key"),
                         ex.tokens, ex.tokens,
                         ref.scaled_dot_product_attention(Q, K, V, mask)[1], blocked=~mask)
        found.append(_attempt(masked, learner, func,
                              lambda: _weights_of(learner(func, Q, K, V, mask), func)))
    return found


def ex09(ex: Example, learner, ref) -> list[Picture]:
    """Self: Q, K, V all from X. Cross: Q from X_dec, K and V from X."""
    W = (ex.W_Q, ex.W_K, ex.W_V)
    own = Picture(t("self_attention(X, ...): the sentence attends to itself"),
                  ex.tokens, ex.tokens, ref.self_attention(ex.X, *W)[1])
    cross = Picture(t("cross_attention(X_dec, X_enc, ...): the queries (rows) come from "
                      "“{dec}”, the keys (columns) from “{enc}”", dec=ex.dec_text, enc=ex.text),
                    ex.dec_tokens, ex.tokens, ref.cross_attention(ex.X_dec, ex.X, *W)[1])
    return [_attempt(own, learner, "self_attention",
                     lambda: _weights_of(learner("self_attention", ex.X, *W), "self_attention")),
            _attempt(cross, learner, "cross_attention",
                     lambda: _weights_of(learner("cross_attention", ex.X_dec, ex.X, *W),
                                         "cross_attention"))]


def ex10(ex: Example, learner, ref) -> list[Picture]:
    """softmax(Q Kᵀ / √d_k with -inf above the diagonal)."""
    W = (ex.W_Q, ex.W_K, ex.W_V)
    func = "causal_self_attention"
    pic = Picture(t("causal_self_attention(X, ...): each token attends to itself and the past"),
                  ex.tokens, ex.tokens, ref.causal_self_attention(ex.X, *W)[1],
                  blocked=_upper(len(ex.tokens)))
    return [_attempt(pic, learner, func,
                     lambda: _weights_of(learner(func, ex.X, *W), func))]


def ex11(ex: Example, learner, ref) -> list[Picture]:
    """weights [h, n, n]: head k is softmax(Q_k K_kᵀ / √d_head)."""
    p = ex.heads
    args = (p["X"], p["X"], p["W_Q"], p["W_K"], p["W_V"], p["W_O"], p["h"])
    func = "multi_head_attention"
    expected = ref.multi_head_attention(*args)[1]  # [h, n, n]
    whole = Picture("", ex.tokens, ex.tokens, expected)
    _attempt(whole, learner, func, lambda: _weights_of(learner(func, *args), func))
    found = []
    for k in p["shown"]:
        pic = Picture(t("multi_head_attention: the weights of head {k} of {h}", k=k + 1,
                        h=p["h"]), ex.tokens, ex.tokens, expected[k],
                      problem=whole.problem, not_started=whole.not_started)
        if whole.mine is not None:
            pic.mine = whole.mine[k]
        found.append(pic)
    if whole.mine is not None and len(p["shown"]) < p["h"] and not whole.agrees:
        found[-1].notes.append(
            t("All {h} heads: yours and the reference's differ by at most {diff}.",
              h=p["h"], diff=_number(whole.diff)))
    elif whole.mine is not None and len(p["shown"]) < p["h"]:
        found[-1].agree_notes.append(
            t("All {h} heads agree with the reference (max |difference| {diff}).",
              h=p["h"], diff=_number(whole.diff)))
    return found


def ex12(ex: Example, learner, ref) -> list[Picture]:
    """Step t: q_t against the cached k_0..k_t; its weights fill row t of the triangle.

    attention_step returns the output, not the weights; with the values set to the
    positions themselves (``with_positions``: V = I_n), step t's output is its row of
    weights, zero after t.
    """
    n = len(ex.tokens)
    X, W_Q, W_K, W_V = with_positions(ex.X, ex.W_Q, ex.W_K)  # [n, d+n], ..., [d+n, n]
    rows, cache = [], None
    for step in range(n):
        out, cache = ref.attention_step(X[step:step + 1], W_Q, W_K, W_V, cache)  # [1, t+1]
        rows.append(out[0])  # [n]: zero after the step
    pic = Picture(t("attention_step, one token at a time with the KV cache: row t holds step "
                    "t's weights over the cached keys"), ex.tokens, ex.tokens,
                  torch.stack(rows), blocked=_upper(n))
    pic.notes.append(t("(attention_step returns outputs, not weights: the values here are the "
                       "positions themselves, so each step's output is its row of weights.)"))
    func = "attention_step"

    def steps():
        mine, kv = [], None
        for step in range(n):
            result = learner(func, X[step:step + 1], W_Q, W_K, W_V, kv)
            if not isinstance(result, (tuple, list)) or len(result) != 2:
                raise Unusable(t("step {step}: {func} should return (out_t, (K, V)); it "
                                 "returned {what}", step=step, func=func, what=type(result).__name__))
            out, kv = result
            mine.append(_matrix(out, (1, n), func)[0])  # [n]
        return torch.stack(mine)  # [n, n]
    return [_attempt(pic, learner, func, steps)]


TILE = 2            # keys per tile in exercise 13's pictures
MEMORY_NS = (256, 1024, 2048)   # the sizes of exercise 13's table of memory and time


def ex13(ex: Example, learner, ref) -> list[Picture]:
    """The online softmax, tile by tile (causal mask): the running max m and sum l of each
    query after each tile of keys; then the output, tiled_attention's next to 08's. On
    the small example, a table of what a call adds to memory and how long it takes."""
    import math

    Q, K, V = ex.Q, ex.K, ex.V  # [n, d_k], [n, d_k], [n, d_v]
    n = len(ex.tokens)
    mask = _causal(n)  # [n, n]
    starts = list(range(0, n, TILE))
    steps = [t("keys {first}-{last}", first=s, last=min(s + TILE, n) - 1) for s in starts]

    def tile_scores(s):
        scores = Q @ K[s:s + TILE].T / math.sqrt(Q.shape[-1])  # [n, t]
        return scores.masked_fill(~mask[:, s:s + TILE], float("-inf"))

    def walk(update):
        state = (torch.full((n, 1), float("-inf")), torch.zeros(n, 1), torch.zeros(n, V.shape[1]))
        ms, ls = [], []
        for s in starts:
            state = update(*state, tile_scores(s), V[s:s + TILE])
            if not isinstance(state, (tuple, list)) or len(state) != 3:
                raise Unusable(t("online_softmax_update should return (m, l, acc); it returned "
                                 "{what}", what=type(state).__name__))
            state = tuple(_matrix(x, shape, "online_softmax_update").float()
                          for x, shape in zip(state, ((n, 1), (n, 1), (n, V.shape[1]))))
            ms.append(state[0][:, 0])
            ls.append(state[1][:, 0])
        return torch.stack(ms), torch.stack(ls)  # [tiles, n] each

    ref_m, ref_l = walk(ref.online_softmax_update)
    func = "online_softmax_update"
    pic_m = Picture(t("the running max m of each query (columns) after each tile of {tile} keys "
                      "(rows), causal mask", tile=TILE), steps, ex.tokens, ref_m, low=None,
                    high=None)
    pic_l = Picture(t("the running sum l = Σ exp(score - m): rescaled whenever m grows"),
                    steps, ex.tokens, ref_l, low=None, high=None)
    walked = {}

    def mine(which):
        if "m" not in walked:
            walked["m"], walked["l"] = walk(lambda *a: learner(func, *a))
        return walked[which]
    found = [_attempt(pic_m, learner, func, lambda: mine("m"))]
    found.append(_attempt(pic_l, learner, func, lambda: mine("l")))
    out = Picture(t("tiled_attention(Q, K, V, causal mask, tile={tile}): the output, one row per "
                    "query (equals exercise 08's)", tile=TILE), ex.tokens,
                  [str(j) for j in range(V.shape[1])], ref.tiled_attention(Q, K, V, mask, TILE)[0],
                  low=None, high=None, name_cols=False)
    found.append(_attempt(out, learner, "tiled_attention",
                          lambda: _first_of(learner("tiled_attention", Q, K, V, mask, TILE),
                                            "tiled_attention")))
    if ex.kind != "small":
        return found[:2]  # a sentence's output is too wide to draw
    found[-1].notes.extend(memory_table(learner))
    return found


def _first_of(result, func: str):
    if not isinstance(result, (tuple, list)) or len(result) != 2:
        raise Unusable(t("{func} should return a pair (output, lse); it returned {what}",
                         func=func, what=type(result).__name__))
    return result[0]


def memory_table(learner) -> list[str]:
    """Lines of a table: for each n, what one call of your tiled_attention (13) and your
    scaled_dot_product_attention (08) added to their worker's memory, as the kernel counts
    it, and how long it took; beside the size of one n × n float32 matrix."""
    import time

    worker = getattr(learner, "worker", None)
    folder = getattr(learner, "folder", None)
    lines = [t("Memory a call adds (MiB, the kernel's figure for its process) and its time, "
               "d = 64, tile 64:"), _row("n", t("n × n float32"), t("yours, 13"), t("yours, 08"))]
    others = None
    if worker is not None and folder is not None:
        from checker import manifest

        try:
            others = calls.LearnerCalls(manifest.by_id()["08"], folder)
        except Exception:  # no 08 here: its column stays empty
            others = None
    try:
        gen = torch.Generator().manual_seed(0)
        for n in MEMORY_NS:
            Q, K, V = (torch.randn(n, 64, generator=gen) for _ in range(3))
            cells = []
            for who, func, args in ((worker, "tiled_attention", (Q, K, V, None, 64)),
                                    (getattr(others, "worker", None),
                                     "scaled_dot_product_attention", (Q, K, V))):
                cells.append(_measure(who, func, args, time))
            lines.append(_row(str(n), "%.1f" % (n * n * 4 / 2 ** 20), *cells))
    finally:
        if others is not None:
            others.worker.close()  # only 08's: 13's worker draws on
    return lines


def _row(*cells: str) -> str:
    """One line of the table, its columns right-aligned to fixed widths."""
    return cells[0].ljust(6) + "".join(c.rjust(w) for c, w in zip(cells[1:], (16, 18, 18)))


def _measure(worker, func: str, args, time) -> str:
    if worker is None:
        return "-"
    try:
        worker.call(func, args)  # the first large product sizes the libraries' buffers
        start = time.perf_counter()
        used = worker.call(func, args, measure=True).memory
        took = (time.perf_counter() - start) * 1000
    except LearnerProblem as problem:
        return t("not started") if calls.not_started(problem) else t("error")
    return "-" if used is None else t("{mib} / {ms} ms", mib="%.1f" % (used.added / 2 ** 20),
                                      ms="%.0f" % took)


WINDOW = 3          # the window of exercise 16's pictures
ALIBI_HEADS = 8     # heads of exercise 16's pictures: the ALiBi paper's usual count
QUIETER = 4         # exercise 16 divides Q by this, so that the bias shows beside the scores


def ex16(ex: Example, learner, ref) -> list[Picture]:
    """The band that sliding_window_mask(n, 3) leaves of the causal mask, the slope of each
    of 8 heads (alibi_slopes), then biased_causal_attention's weights: the steepest head
    and the gentlest (ALiBi alone), and the steepest with the window as well. Every head
    gets the same Q (divided by 4: scores of the size of the bias), K and V, so that the
    heads differ by their slopes alone; the attention is given the reference's slopes (an
    input: the same for both)."""
    n, h = len(ex.tokens), ALIBI_HEADS
    band = ref.sliding_window_mask(n, WINDOW)  # [n, n] bool
    found = [_attempt(Picture(t("sliding_window_mask(n, {window}): dark = the query (row) may "
                                "see the key (column): itself and the {before} before it",
                                window=WINDOW, before=WINDOW - 1),
                              ex.tokens, ex.tokens, band.double()),
                      learner, "sliding_window_mask",
                      lambda: _as_numbers(learner("sliding_window_mask", n, WINDOW)))]
    slopes = ref.alibi_slopes(h)  # [h]
    heads = [str(k + 1) for k in range(h)]
    found.append(_attempt(Picture(t("alibi_slopes({h}): the slopes of heads 1 to {h} (columns 0 "
                                    "to {last}), the steepest first", h=h, last=h - 1),
                                  [t("slope")], heads,
                                  slopes[None, :].double(), high=float(slopes.max()),
                                  name_cols=False),
                          learner, "alibi_slopes",
                          lambda: _row_of(learner("alibi_slopes", h), "alibi_slopes")))
    Q = (ex.Q / QUIETER).expand(h, n, -1)  # [h, n, d_k]
    K, V = ex.K.expand(h, n, -1), ex.V.expand(h, n, -1)  # [h, n, d_k], [h, n, d_v]
    func = "biased_causal_attention"
    causal = _causal(n)  # [n, n]
    for window in (None, WINDOW):
        expected = ref.biased_causal_attention(Q, K, V, slopes, window)[1]  # [h, n, n]
        whole = Picture("", ex.tokens, ex.tokens, expected)
        _attempt(whole, learner, func,
                 lambda w=window: _weights_of(learner(func, Q, K, V, slopes, w), func))
        shown = (0, h - 1) if window is None else (0,)
        allowed = causal if window is None else band
        for k in shown:
            title = (t("biased_causal_attention, head {k} (slope {slope}): near keys weigh more",
                       k=k + 1, slope=_fraction(slopes[k])) if window is None and k == 0 else
                     t("head {k} (slope {slope}): nearly exercise 10's causal attention", k=k + 1,
                       slope=_fraction(slopes[k])) if window is None else
                     t("head {k} (slope {slope}) with window = {window} as well: older keys are "
                       "blocked", k=k + 1, slope=_fraction(slopes[k]), window=WINDOW))
            pic = Picture(title, ex.tokens, ex.tokens, expected[k], blocked=~allowed,
                          problem=whole.problem, not_started=whole.not_started)
            if whole.mine is not None:
                pic.mine = whole.mine[k]
            found.append(pic)
    found[2].notes.append(t("(The slopes given to biased_causal_attention are the reference's "
                            "alibi_slopes({h}), the same for both. Every head gets the same Q, K "
                            "and V, so the heads differ by their slopes alone; Q is divided by "
                            "{quieter}, so that the scores are of the bias's size.)", h=h,
                            quieter=QUIETER))
    return found


def _row_of(value, func: str):
    """A [h] result as the one row [1, h] of a picture."""
    if isinstance(value, torch.Tensor) and value.dim() == 1:
        return value[None, :]
    return value  # _matrix says what is wrong with it


def _fraction(value) -> str:
    """A slope as 1/2, 1/256 (a power of two) or with three digits."""
    value = float(value)
    inverse = 1 / value if value else 0
    return f"1/{round(inverse)}" if inverse and abs(inverse - round(inverse)) < 1e-6 else \
        f"{value:.3g}"


EXERCISES = {"05": ex05, "06": ex06, "07": ex07, "08": ex08, "09": ex09, "10": ex10,
             "11": ex11, "12": ex12, "13": ex13, "16": ex16}


def pictures(exercise_id: str, example: Example, learner, ref) -> list[Picture]:
    return EXERCISES[exercise_id](example, learner, ref)


# ------------------------------------------------------------ in a batch of two
# The arguments of each drawn function that may carry leading batch dimensions (the
# contract's [..., n, d]); weights, masks, sizes and caches are passed as they are.
BATCHED_ARGS = {"softmax": (0,), "weighted_sum": (0, 1), "apply_mask": (0,),
                "scaled_dot_product_attention": (0, 1, 2), "self_attention": (0,),
                "cross_attention": (0, 1), "causal_self_attention": (0,),
                "multi_head_attention": (0, 1), "attention_step": (0,),
                "biased_causal_attention": (0, 1, 2)}
NOT_BATCHED = "not batched"   # the problem of a picture whose function takes no batch


class InABatch:
    """The learner's functions called on the example in a batch of two (the example, then
    the example with its rows reversed) and read at item 0, which must be what the
    example alone gives: the check's batched cases, drawn."""

    def __init__(self, learner):
        self.learner = learner

    def __call__(self, func: str, *args, **kwargs):
        where = BATCHED_ARGS.get(func)
        if where is None:
            raise Unusable(NOT_BATCHED)
        args = tuple(torch.stack([a, a.flip(-2)]) if i in where else a   # [2, ...]
                     for i, a in enumerate(args))
        result = self.learner(func, *args, **kwargs)
        if func == "attention_step" and isinstance(result, (tuple, list)) and len(result) == 2:
            return _first(result[0], func), result[1]   # the cache goes on as it is
        return _first(result, func)


def _first(value, func: str):
    """Item 0 of every tensor in ``value``: the result for the example itself."""
    if isinstance(value, torch.Tensor):
        if value.dim() == 0 or value.shape[0] != 2:
            raise Unusable(t("{func} returned shape {got} for inputs in a batch of 2: the "
                             "batch dimension should stay in front", func=func,
                             got=list(value.shape)))
        return value[0]
    if isinstance(value, (tuple, list)):
        return tuple(_first(item, func) for item in value)
    return value


def batched_pictures(exercise_id: str, example: Example, learner, ref) -> list[Picture]:
    """The pictures of the example put in a batch of two (item 0), for the functions that
    take a batch; the inputs given to the learner (not theirs) are left out."""
    found = EXERCISES[exercise_id](example, InABatch(learner), ref)
    return [p for p in found if not p.given and p.problem != NOT_BATCHED]


def goes_wrong(found: list[Picture]) -> bool:
    """Some picture shows the learner's result differing, or an error (not a stub)."""
    return any((p.problem and not p.not_started) or (p.mine is not None and not p.agrees)
               for p in found if not p.given)


def verdict(picture: Picture) -> str:
    """One line: do the learner's and the reference's pictures agree, or why no picture."""
    if picture.given:
        return ""
    if picture.problem:
        return picture.problem
    if picture.mine is None:
        return ""
    d = picture.diff
    if d != d:
        return t("Yours contains NaN: the reference's has none.")
    if picture.agrees and picture.check_fails:
        return t("Yours agrees with the reference on this input (max |difference| {diff}), "
                 "but the check fails: see the first line.", diff=_number(d))
    if picture.agrees:
        return t("Yours and the reference agree (max |difference| {diff}).", diff=_number(d))
    line = t("Yours differs from the reference: max |difference| {diff}.", diff=_number(d))
    where = picture.largest_difference()
    if where is None:
        return line
    i, j = where
    count = int(picture.differs.sum())
    return line + " " + t(
        "Most at row {row}, column {col}: yours {mine}, the reference's {ref}; {count} of "
        "{cells} cells differ (marked × in yours).",
        row=_label(picture.rows, i), col=_label(picture.cols, j),
        mine=_value(float(picture.mine[i, j])), ref=_value(float(picture.reference[i, j])),
        count=count, cells=picture.differs.numel())


def _label(tokens: list[str], i: int) -> str:
    """Row or column ``i`` as the maps number it, with its token."""
    return f"{i} ({tokens[i]})" if i < len(tokens) else str(i)


def _value(value: float) -> str:
    return f"{value:.3g}"


def _number(value: float | None) -> str:
    if value is None:
        return "-"
    return "inf" if value == float("inf") else f"{value:.2g}"
