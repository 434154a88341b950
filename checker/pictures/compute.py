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


def _row(*cells: str, widths=(16, 18, 18)) -> str:
    """One line of the table, its columns right-aligned to fixed widths, in terminal cells
    (a Chinese character takes two)."""
    from rich.cells import cell_len

    return cells[0] + " " * (6 - cell_len(cells[0])) + "".join(
        " " * (w - cell_len(c)) + c for c, w in zip(cells[1:], widths))


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


ROPE_GRID = 12       # exercise 14: query and key positions 0..11
ROPE_DISTANCES = 24  # exercise 14: distances m - n = 0..23


def ex14(ex: Example, learner, ref) -> list[Picture]:
    """RoPE: the score of one token's query turned to position m against its own key
    turned to position n, (R_m q)·(R_n k)/√d_k, with the learner's apply_rope: over a grid
    of positions (constant along each diagonal, since it depends only on m - n), then for
    every token against the distance m - n. Float64, so that yours and the reference's
    agree to far below what a picture shows."""
    import math

    func = "apply_rope"
    Q, K = ex.Q.double(), ex.K.double()  # [n, d_k] each
    n, d_k = Q.shape
    scale = math.sqrt(d_k)
    pick = 1 if n > 1 else 0  # the first word (a sentence's token 0 is [CLS])
    grid = torch.arange(ROPE_GRID)  # [P]
    q_rows = Q[pick].expand(ROPE_GRID, d_k)  # [P, d_k]: the same q at positions 0..P-1
    k_rows = K[pick].expand(ROPE_GRID, d_k)  # [P, d_k]

    def grid_scores(rope):
        q_m = _matrix(rope(q_rows, grid), (ROPE_GRID, d_k), func)  # [P, d_k]
        k_n = _matrix(rope(k_rows, grid), (ROPE_GRID, d_k), func)  # [P, d_k]
        return q_m @ k_n.T / scale  # [P, P]: row m, column n

    far = torch.arange(ROPE_DISTANCES)  # [D]: the query's position, the key's is 0
    q_far = Q.unsqueeze(1).expand(n, ROPE_DISTANCES, d_k)  # [n, D, d_k]
    k_at_0 = K.unsqueeze(1)  # [n, 1, d_k]

    def distance_scores(rope):
        q_m = _matrix(rope(q_far, far), (n, ROPE_DISTANCES, d_k), func)  # [n, D, d_k]
        k_0 = _matrix(rope(k_at_0, torch.zeros(1, dtype=torch.long)), (n, 1, d_k),
                              func)  # [n, 1, d_k]
        return (q_m * k_0).sum(-1) / scale  # [n, D]

    word = ex.tokens[pick]
    on_grid = Picture(t("apply_rope: the score (R_m q)·(R_n k)/√d_k of the query of “{word}” "
                        "turned to position m (rows) against its own key turned to position n "
                        "(columns): the same along each diagonal, since it depends only on "
                        "m - n", word=word),
                      ["m"] * ROPE_GRID, ["n"] * ROPE_GRID, grid_scores(ref.apply_rope),
                      low=None, high=None, name_cols=False)
    by_distance = Picture(t("apply_rope: each token's query at position m against its own key "
                            "at position 0, one column per distance m - n = 0..{last}: how the "
                            "score changes with the distance", last=ROPE_DISTANCES - 1),
                          ex.tokens, [str(j) for j in range(ROPE_DISTANCES)],
                          distance_scores(ref.apply_rope), low=None, high=None,
                          name_cols=False)
    by_distance.notes.append(t("(In each plane i, q turns by m·θ_i and k by n·θ_i: their dot "
                               "product keeps only the difference (m - n)·θ_i, so a key at 3 "
                               "and a query at 10 score as a key at 1003 and a query at "
                               "1010.)"))

    def mine(*args):
        return learner(func, *args)
    return [_attempt(on_grid, learner, func, lambda: grid_scores(mine)),
            _attempt(by_distance, learner, func, lambda: distance_scores(mine))]


# exercise 15: the query and key/value heads of its pictures (the small example's W [8, 8]
# in 4 query heads of 2; MiniLM's 12 heads in 4 groups of 3: head 2, which looks back, stays
# sharp with its group's averaged keys, head 0 beside it does not), and the model whose KV
# cache it sizes: Llama 2 70B's shape (80 layers, 64 query heads of 128, 8 key/value heads),
# a context of 4096 tokens in float16
GQA_HEADS = {"small": (4, 2), "sentence": (12, 4)}
GQA_SHOWN = {"small": (0, 1), "sentence": (0, 2)}   # query heads of one group, drawn
CACHE_MODEL = {"layers": 80, "h_q": 64, "d_head": 128, "tokens": 4096}
CACHE_KV = (("MHA", 64), ("GQA", 8), ("MQA", 1))


def _grouped(ex: Example, h_q: int, h_kv: int):
    """Exercise 15's Q [h_q, n, d], K and V [h_kv, n, d] from the example's heads (ex11's
    inputs): Q split into h_q heads; K and V split likewise, then the heads of each group
    averaged into one, as Ainslie et al. turn a multi-head model into a grouped one."""
    p = ex.heads
    n = p["X"].shape[0]

    def split(W):  # [h_q, n, d]
        Y = p["X"] @ W  # [n, d_model]
        return Y.reshape(n, h_q, Y.shape[1] // h_q).transpose(0, 1)

    def pooled(W):  # [h_kv, n, d]
        Y = split(W)
        return Y.reshape(h_kv, h_q // h_kv, n, Y.shape[-1]).mean(1)
    return split(p["W_Q"]), pooled(p["W_K"]), pooled(p["W_V"])


def ex15(ex: Example, learner, ref) -> list[Picture]:
    """Which key/value head each query head uses (repeat_kv on one-hot heads), then the
    weights of query heads of one group: the same keys, their own queries. On the small
    example, the KV cache of a large model with MHA, GQA and MQA."""
    kind = "small" if ex.kind == "small" else "sentence"
    h_q, h_kv = GQA_HEADS[kind]
    n_rep = h_q // h_kv
    eye = torch.eye(h_kv).unsqueeze(1)  # [h_kv, 1, h_kv]: head g holds the one-hot of g
    shared = Picture(t("repeat_kv: which key/value head (columns) each of the {h_q} query heads "
                       "(rows) uses, {h_kv} key/value heads in groups of {n_rep}", h_q=h_q,
                       h_kv=h_kv, n_rep=n_rep), ["Q"] * h_q, ["KV"] * h_kv,
                     ref.repeat_kv(eye, n_rep)[:, 0, :], name_cols=False)
    found = [_attempt(shared, learner, "repeat_kv",
                      lambda: _matrix(learner("repeat_kv", eye, n_rep), (h_q, 1, h_kv),
                                      "repeat_kv")[:, 0, :])]
    Q, K, V = _grouped(ex, h_q, h_kv)
    func = "grouped_query_attention"
    expected = ref.grouped_query_attention(Q, K, V)[1]  # [h_q, n, n]
    whole = Picture("", ex.tokens, ex.tokens, expected)
    _attempt(whole, learner, func, lambda: _weights_of(learner(func, Q, K, V), func))
    for i in GQA_SHOWN[kind]:
        pic = Picture(t("grouped_query_attention: the weights of query head {i} of {h_q}, which "
                        "uses key/value head {g} of {h_kv}", i=i, h_q=h_q, g=i // n_rep,
                        h_kv=h_kv), ex.tokens, ex.tokens, expected[i], problem=whole.problem,
                      not_started=whole.not_started)
        if whole.mine is not None:
            pic.mine = whole.mine[i]
        found.append(pic)
    if whole.mine is not None and not whole.agrees:
        found[-1].notes.append(t("All {h} heads: yours and the reference's differ by at most "
                                 "{diff}.", h=h_q, diff=_number(whole.diff)))
    elif whole.mine is not None:
        found[-1].agree_notes.append(t("All {h} heads agree with the reference (max "
                                       "|difference| {diff}).", h=h_q, diff=_number(whole.diff)))
    found[-1].notes.append(t("(Each group's key and value heads are the average of the heads it "
                             "replaces, as GQA's authors convert a multi-head model.)"))
    if ex.kind == "small":
        found[0].notes.extend(cache_table(learner))
    return found


def _size(n_bytes: int) -> str:
    """A number of bytes in GiB, MiB or KiB, with three significant digits at most."""
    for unit, power in (("GiB", 30), ("MiB", 20), ("KiB", 10)):
        if n_bytes >= 2 ** power:
            return f"{n_bytes / 2 ** power:.3g} {unit}"
    return f"{n_bytes} B"


def cache_table(learner) -> list[str]:
    """Lines of a table: the KV cache of CACHE_MODEL with 64, 8 and 1 key/value heads,
    computed from the shapes of the cached tensors (meta tensors: no memory), per token
    and for the whole context; and how many heads your repeat_kv makes of one layer's
    cached keys for attention (64 every time: the cache is what shrinks)."""
    m = CACHE_MODEL
    lines = [t("The KV cache of a model of {layers} layers with {h_q} query heads of {d} "
               "numbers (the shape of Llama 2 70B), {n} tokens in float16:", layers=m["layers"],
               h_q=m["h_q"], d=m["d_head"], n=m["tokens"]),
             _row(t("kind"), t("key/value heads"), t("per token"), t("{n} tokens", n=m["tokens"]),
                  t("yours: repeat_kv"), widths=(16, 12, 13, 18))]
    for kind, h_kv in CACHE_KV:
        keys = torch.empty(m["layers"], h_kv, m["tokens"], m["d_head"], dtype=torch.float16,
                           device="meta")  # one tensor of keys per layer, and as many values
        whole = 2 * keys.numel() * keys.element_size()
        lines.append(_row(kind, str(h_kv), _size(whole // m["tokens"]), _size(whole),
                          _heads_of(learner, keys[0], m["h_q"] // h_kv), widths=(16, 12, 13, 18)))
    lines.append(t("(The cache keeps only the key/value heads; repeat_kv makes the {h_q} heads "
                   "attention needs from them at each step.)", h_q=m["h_q"]))
    return lines


def _heads_of(learner, keys: torch.Tensor, n_rep: int) -> str:
    """How many heads the learner's repeat_kv makes of one layer's cached keys [h_kv, n, d]
    (on the meta device: a shape, no memory), e.g. "8 -> 64"; "-" without a learner."""
    if learner is None:
        return "-"
    try:
        got = learner("repeat_kv", keys, n_rep)
    except LearnerProblem as problem:
        return t("not started") if calls.not_started(problem) else t("error")
    if not isinstance(got, torch.Tensor) or got.dim() < 3:
        return t("error")
    return f"{keys.shape[-3]} -> {got.shape[-3]}"


# the exercises whose pictures of a real sentence use every head of MiniLM's first layer
ALL_HEADS = ("11", "15")

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
             "11": ex11, "12": ex12, "13": ex13, "14": ex14, "15": ex15, "16": ex16}


def pictures(exercise_id: str, example: Example, learner, ref) -> list[Picture]:
    return EXERCISES[exercise_id](example, learner, ref)


# ------------------------------------------------------------ in a batch of two
# The arguments of each drawn function that may carry leading batch dimensions (the
# contract's [..., n, d]); weights, masks, sizes and caches are passed as they are.
BATCHED_ARGS = {"softmax": (0,), "weighted_sum": (0, 1), "apply_mask": (0,),
                "scaled_dot_product_attention": (0, 1, 2), "self_attention": (0,),
                "cross_attention": (0, 1), "causal_self_attention": (0,),
                "multi_head_attention": (0, 1), "attention_step": (0,), "apply_rope": (0,),
                "repeat_kv": (0,), "grouped_query_attention": (0, 1, 2),
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
