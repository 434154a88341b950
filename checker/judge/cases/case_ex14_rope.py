"""Hidden cases for exercise 14, rotary position embedding (RoPE) (modern attention).

The reference here is the case file's own, written as plainly as RoFormer states it: a
loop over the pairs of features, each pair turned by its own angle, in float64, the
result rounded to the input's dtype. Every classic mistake is the same loop with one
slip (``_rope``), or the step written with one slip (``_step_variants``), so that a
cause is named only when the learner's result is what that slip computes.
"""
import math
import re

import torch

from checker import torch_words
from checker.engine.problems import Problem
from checker.engine.supervisor import LearnerProblem
from checker.i18n import t
from checker.judge import compare
from checker.judge.cases.attention_support import SOFTMAX_SIZE_ONE, sdpa
from checker.judge.cases.beyond_support import (cache_unchanged, on_meta, raised,
                                                raises_value_error, values_correct_nested)
from checker.judge.compare import CaseFailure
from checker.judge.cases.mistakes import NO_SCALE
from checker.judge.cases.support import (case, cause, dtype_kept, gradients, made_once,
                                         no_forbidden_source, property_case, randn, unchanged,
                                         values_correct)
from checker.judge.diagnose import function_named, function_source, shows
from checker.judge.results import Check

# ------------------------------------------------------------------ likely causes
ROTATE_HALF = cause("ex14_rotate_half",
                    "the “rotate half” layout: feature i turned together with feature i + d/2 "
                    "(as in GPT-NeoX and Hugging Face's Llama). That is another layout, not "
                    "this exercise's contract: RoFormer pairs adjacent features (2i, 2i+1), "
                    "x[..., 0::2] with x[..., 1::2]")
REVERSED = cause("ex14_rotation_reversed",
                 "each pair turned clockwise (by -θ instead of θ): the two sin terms have "
                 "their signs swapped; counter-clockwise is y[2i] = x[2i] cos θ - x[2i+1] sin θ "
                 "and y[2i+1] = x[2i] sin θ + x[2i+1] cos θ")
OFF_BY_ONE = cause("ex14_positions_off_by_one",
                   "every position one too high, as if counted from 1: the first token is at "
                   "position 0, so apply_rope uses the positions it is given and "
                   "rope_attention_step turns the new token at t, the cache length")
NOT_CACHE_LENGTH = cause("ex14_position_not_cache_length",
                         "the new token was turned at position {position} instead of at the cache "
                         "length t = {length}: its position is the number of tokens before it, "
                         "cache[0].size(-2) (0 without a cache)")
EXPONENT = cause("ex14_exponent_i_over_d",
                 "the frequencies are base ** (-i / d) with i counting the pairs 0, 1, 2, ...: "
                 "the exponent is -2i / d (torch.arange(0, d, 2) / d), and with i / d every "
                 "pair after the first turns too fast")
EXPONENT_DOUBLED = cause("ex14_exponent_doubled",
                         "the exponent doubled: i was taken from torch.arange(0, d, 2), which "
                         "already holds 2i (0, 2, 4, ...), and multiplied by 2 again, so θ_i = "
                         "base ** (-4i / d) and every pair after the first turns too slowly; "
                         "with those even numbers the exponent is -i / d (or -2i / d with i = "
                         "0, 1, 2, ... from torch.arange(d // 2))")
FROM_ONE = cause("ex14_frequencies_from_one",
                 "the frequencies were counted from i = 1 (base ** (-2i / d) for i = 1 .. d/2): "
                 "the first pair turns at θ_0 = base ** 0 = 1, one radian a position, so i runs "
                 "0 .. d/2 - 1 (torch.arange(0, d, 2) / d); RoFormer numbers its θ_i from 1 but "
                 "writes the exponent -2(i - 1) / d")
OUTER_ANGLES = cause("ex14_outer_positions",
                     "`{code}` makes the angles with torch.outer, which takes two 1-D vectors, so "
                     "positions with leading dimensions (broadcastable to [..., n]) make it fail: "
                     "multiply positions[..., None] by the frequencies instead, which broadcasts "
                     "to [..., n, d/2]")
MIXED = cause("ex14_mixed_layout",
              "the angles laid out as two halves (torch.cat([freqs, freqs])) while the pairs "
              "are adjacent: features 2i and 2i+1 then turn by different angles, which is no "
              "rotation; with adjacent pairs each angle is repeated in place "
              "(repeat_interleave(2)), or the pairs are taken as x[..., 0::2] and x[..., 1::2]")
FLATTENED = cause("ex14_positions_flattened",
                  "`{code}` flattens the positions into one column: positions with leading "
                  "dimensions ([..., n], one row per sequence) lose their shape, and the "
                  "angles no longer line up with x; add the frequency axis at the end instead, "
                  "positions[..., None] (or unsqueeze(-1)), which gives angles of shape "
                  "[..., n, d/2]")
HALF_POSITION = cause("ex14_float16_position",
                      "the new token's position was made in x_t's dtype (`x_t.new_tensor([t])`, "
                      "or dtype=x_t.dtype): float16 holds every integer only up to 2048 (from "
                      "4096 on, only every fourth), so t = {t} became {rounded}; make the "
                      "position an integer tensor, torch.full((1,), t, dtype=torch.long, "
                      "device=x_t.device), and let apply_rope compute the angles in float32")
HALF_ANGLES = cause("ex14_float16_angles",
                    "the angles were computed in float16: above 2048 float16 holds only every "
                    "second integer, so at positions in the thousands the angles are off by "
                    "radians; compute the angles, cos and sin in float32 and cast only cos and "
                    "sin to x's dtype")
DEINTERLEAVED = cause("ex14_pairs_not_interleaved",
                      "each pair was turned right, but the result was put back as "
                      "torch.cat([y_even, y_odd]): every pair's first feature, then every "
                      "second one; feature 2i+1 of the result belongs beside feature 2i, so "
                      "interleave them back, torch.stack([y_even, y_odd], dim=-1).flatten(-2)")
FLOAT32_ANGLES = cause("ex14_float32_angles",
                       "the angles were computed in float32 for float64 x: float32 keeps about "
                       "7 digits, so an angle near 10,000 radians is rounded to a step of about "
                       "a thousandth of a radian, far coarser than float64; make the frequencies "
                       "and the angles in float64 when x is float64 (float32 is for float32, "
                       "float16 and bfloat16 x)")
ODD_D = cause("ex14_odd_d_accepted",
              "apply_rope did not refuse an odd d with ValueError: the last feature has no "
              "partner to turn with; check d % 2 first and raise ValueError")
ROTATED_TWICE = cause("ex14_keys_rotated_twice",
                      "the cached keys were rotated again: each key in the cache was already "
                      "turned at its own position when its token came, so a step turns only "
                      "the new key and appends it")
KEYS_UNROTATED = cause("ex14_keys_unrotated",
                       "the new key went into the cache unrotated: turn it at t before it is "
                       "appended; the cache holds rotated keys, which later steps use as they "
                       "are")
QUERY_UNROTATED = cause("ex14_query_unrotated",
                        "the new query was not rotated: the cached keys are turned at their own "
                        "positions, so q must be turned at t as well (apply_rope(x_t @ W_Q, t)); "
                        "only with both turned does q · k depend on the distance between them")
VALUES_ROTATED = cause("ex14_values_rotated",
                       "the values were rotated too: RoPE turns only the queries and the keys "
                       "(a position decides who attends to whom, not what is carried); the new "
                       "value is appended as projected, x_t @ W_V")

BASE = 10000.0
# rope_attention_step's sizes, all different (n_k = T + 1 = 4): d_k even, d_v even too so
# that a step that also rotates the values computes (one case has d_v = 3)
D_MODEL, D_K, D_V = 5, 6, 4
T = 3   # positions already in the cache
N = 7   # tokens fed one at a time


# ------------------------------------------------------------------ the reference
def _rope(x, positions, base=BASE, slip=None):
    """RoPE as a loop over the pairs of features, in float64, back in x's dtype; or with
    one ``slip`` (a cause of apply_rope's): the rotate-half pairing, the rotation reversed,
    positions one too high, the exponent i / d or doubled (4i / d), the angles laid out as
    two halves, the frequencies counted from i = 1, the turned pairs put back as two
    halves (y_even, then y_odd)."""
    x64 = x.detach().to(torch.float64)
    d = x.shape[-1]
    h = d // 2
    p = positions.to(torch.float64) + (1.0 if slip is OFF_BY_ONE else 0.0)  # [..., n]
    sign = -1.0 if slip is REVERSED else 1.0
    cols = [None] * d
    for i in range(h):
        first, second = (i, i + h) if slip is ROTATE_HALF else (2 * i, 2 * i + 1)
        two_i = 2 * (i + 1) if slip is FROM_ONE else 2 * i  # FROM_ONE: i = 1 .. d/2
        f = base ** (-(i if slip is EXPONENT else 4 * i if slip is EXPONENT_DOUBLED
                       else two_i) / d)
        f_first = f_second = f
        if slip is MIXED:  # feature j takes the angle of frequency j mod d/2
            f_first, f_second = (base ** (-2 * (j % h) / d) for j in (2 * i, 2 * i + 1))
        a, b = x64[..., first], x64[..., second]  # [..., n]
        angle1, angle2 = sign * p * f_first, sign * p * f_second  # [..., n]
        cols[first] = a * torch.cos(angle1) - b * torch.sin(angle1)
        cols[second] = a * torch.sin(angle2) + b * torch.cos(angle2)
    if slip is DEINTERLEAVED:  # torch.cat([y_even, y_odd], dim=-1)
        cols = cols[0::2] + cols[1::2]
    return torch.stack(torch.broadcast_tensors(*cols), dim=-1).to(x.dtype)


def _rope_float16_angles(x, positions, base=BASE, cast=False):
    """apply_rope with its angles in float16 (x's dtype): made from float16 positions and
    frequencies, or (``cast``) made in float32 and rounded to float16 before cos and sin."""
    d = x.shape[-1]
    if cast:
        freqs = base ** (-torch.arange(0, d, 2, dtype=torch.float32) / d)
        angles = (positions.to(torch.float32).unsqueeze(-1) * freqs).to(x.dtype)
    else:
        freqs = base ** (-torch.arange(0, d, 2, dtype=x.dtype) / d)
        angles = positions.to(x.dtype).unsqueeze(-1) * freqs
    cos, sin = torch.cos(angles), torch.sin(angles)
    a, b = x[..., 0::2], x[..., 1::2]
    return torch.stack([a * cos - b * sin, a * sin + b * cos], dim=-1).flatten(-2)


ROPE_SLIPS = (ROTATE_HALF, REVERSED, OFF_BY_ONE, EXPONENT, EXPONENT_DOUBLED, MIXED, FROM_ONE,
              DEINTERLEAVED)


@made_once
def _rope_suspects(x, positions, base) -> dict:
    found = {slip: _rope(x, positions, base, slip) for slip in ROPE_SLIPS}
    if x.dtype == torch.float16:
        found[HALF_ANGLES] = _rope_float16_angles(x, positions, base)
        found[HALF_ANGLES(made="cast")] = _rope_float16_angles(x, positions, base, cast=True)
    return found


EPS32 = 2.0 ** -23  # float32's step at 1


def _float32_angles(got, x, positions, base) -> bool:
    """Whether float64 ``x`` came back turned by angles of float32's precision: each pair
    turned by a rotation (its length kept), by an angle within a few float32 steps of
    p · θ_i and in places off by more than cos and sin rounded to float32 would make it,
    and the values not float32's own (the whole rotation in float32 is another mistake)."""
    if x.dtype != torch.float64 or not isinstance(got, torch.Tensor) \
            or got.dtype != torch.float64 or got.shape != x.shape \
            or not bool(torch.isfinite(got).all()) or torch.equal(got, got.float().double()):
        return False
    d = x.shape[-1]
    freqs = base ** (-torch.arange(0, d, 2, dtype=torch.float64) / d)  # [d/2]
    angles = positions.to(torch.float64).unsqueeze(-1) * freqs  # [..., n, d/2]
    a, b = x.detach()[..., 0::2], x.detach()[..., 1::2]  # [..., n, d/2] each
    c, s = got.detach()[..., 0::2], got.detach()[..., 1::2]
    length, turned_length = torch.hypot(a, b), torch.hypot(c, s)
    seen = length > 0
    if not bool(seen.any()) or not bool(
            ((turned_length - length).abs() <= 4 * EPS32 * length).all()):
        return False
    turned = torch.atan2(a * s - b * c, a * c + b * s)  # the angle from (a, b) to (c, s)
    off = (torch.remainder(turned - angles + math.pi, 2 * math.pi) - math.pi).abs()[seen]
    bound = (4 * EPS32 * angles.abs() + 4 * EPS32).expand_as(seen)[seen]
    return bool((off <= bound).all()) and float(off.max()) > 8 * EPS32


def _outer_angles(problem: LearnerProblem, positions, d: int):
    """Angles made with torch.outer: the learner's error is the one torch.outer raises on
    these positions, raised on a line that calls it; None when the error shows neither."""
    if problem.kind != Problem.EXCEPTION or not problem.frames or positions.dim() < 2:
        return None
    line = str(problem.frames[-1].get("code", "")).split("#", 1)[0].strip()
    if not re.search(r"\b(?:outer|ger)\(", line):
        return None
    said = set()
    angles = positions.to(torch.float32)
    for pair in ((angles, torch.ones(d // 2)), (torch.ones(d // 2), angles)):  # either order
        try:
            torch.outer(*pair)
        except RuntimeError as exc:
            said.add((type(exc).__name__, str(exc)))
    return OUTER_ANGLES(code=line) if (problem.error_type, problem.message) in said else None


# a line that flattens the positions: .view(-1, 1), .reshape(-1), .flatten(), .ravel()
_FLATTEN = r"\.(?:view|reshape)\(\s*-1\s*(?:,\s*1\s*)?\)|\.(?:flatten|ravel)\(\s*\)"


def _sizes(message: str) -> tuple | None:
    found = torch_words.BROADCAST_MISMATCH.search(message or "")
    return found.groups() if found else None


def _flattened(problem: LearnerProblem, source: str | None, x, positions):
    """Positions flattened into one column: the learner's error is the one that angles made
    from positions.reshape(-1, 1) raise against x's pairs (in either order), raised on a
    line that uses what a line of the function made by flattening the positions; None when
    the error shows neither."""
    if problem.kind != Problem.EXCEPTION or not problem.frames or positions.dim() < 2 \
            or problem.error_type != "RuntimeError" or _sizes(problem.message) is None:
        return None
    line = str(problem.frames[-1].get("code", ""))
    body = function_source(source, problem.frames)
    params = function_named(source, "apply_rope")[1]
    name = re.escape(params[1] if len(params) > 1 else "positions")
    flat = next((code for code in (c.split("#", 1)[0].strip() for c in body.splitlines())
                 if re.search(_FLATTEN, code) and shows(rf"\b{name}\b", code, body)
                 and shows(re.escape(code), line, body)), "")
    if not flat:
        return None
    angles = positions.reshape(-1, 1).to(torch.float32) * torch.ones(x.shape[-1] // 2)
    pairs = torch.zeros(x.shape[:-1] + (x.shape[-1] // 2,))  # [..., n, d/2]
    said = set()
    for a, b in ((pairs, angles), (angles, pairs)):
        try:
            a * b
        except RuntimeError as exc:
            said.add(_sizes(str(exc)))
    return FLATTENED(code=flat) if _sizes(problem.message) in said else None


def _rope_call(learner, x, positions, *extra):
    """The learner's apply_rope(x, positions, *extra); an error that proves the angles were
    made with torch.outer, or from flattened positions, is said so."""
    try:
        return learner.apply_rope(x, positions, *extra)
    except LearnerProblem as problem:
        found = _outer_angles(problem, positions, x.shape[-1]) or \
            _flattened(problem, learner.source_text(), x, positions)
        if found is None:
            raise
        raise CaseFailure(t("{func} raised {error_type}", func="apply_rope",
                            error_type=problem.error_type),
                          expected=t("angles of shape [..., n, d/2] for positions of shape "
                                     "[{shape}]", shape=", ".join(map(str, positions.shape))),
                          got=raised(problem), likely=found, check=Check.RAISED) from None


def _check_rope(learner, x, positions, base=None, rtol=None, atol=None, dtype=None):
    """apply_rope's result against the reference (its dtype first, when ``dtype``)."""
    extra = () if base is None else (base,)
    base = BASE if base is None else base
    got = _rope_call(learner, x, positions, *extra)
    if dtype is not None:
        compare.dtype(compare.tensor(got), dtype)
    expected = _rope(x, positions, base)
    float32_angles = x.dtype == torch.float64 and not compare.same(got, expected) and \
        _float32_angles(got, x, positions, base)
    compare.close(got, expected, rtol=rtol, atol=atol,
                  suspects=lambda: _rope_suspects(x, positions, base),
                  likely=FLOAT32_ANGLES if float32_angles else "")


def _positions(*values) -> torch.Tensor:
    return torch.tensor(values, dtype=torch.long)


# ------------------------------------------------------------------ the step
def _weights(gen, d_v=D_V, dtype=torch.float32):
    return (randn(gen, D_MODEL, D_K, dtype=dtype), randn(gen, D_MODEL, D_K, dtype=dtype),
            randn(gen, D_MODEL, d_v, dtype=dtype))


def _cache(gen, batch=(), t_=T, d_v=D_V, dtype=torch.float32):
    """A cache as the contract has it: keys rotated at 0..t-1, values as projected."""
    keys = randn(gen, *batch, t_, D_K, dtype=dtype)
    return _rope(keys, torch.arange(t_)), randn(gen, *batch, t_, d_v, dtype=dtype)


def _join(past, new):
    return new if past is None else torch.cat([past, new], dim=-2)


def _at(p: int) -> torch.Tensor:
    return torch.tensor([p], dtype=torch.long)


def _projected(x_t, W, cache):
    x, W_Q, W_K, W_V = (a.to(torch.float64) for a in (x_t, *W))
    past = (None, None) if cache is None else tuple(c.to(torch.float64) for c in cache)
    return x @ W_Q, x @ W_K, x @ W_V, past


def _step_right(x_t, W, cache, base):
    """(out_t, K, V) of one step, plainly in float64, back in x_t's dtype."""
    q, k, v, (K_past, V_past) = _projected(x_t, W, cache)
    t_ = 0 if K_past is None else K_past.shape[-2]
    K, V = _join(K_past, _rope(k, _at(t_), base)), _join(V_past, v)
    out = sdpa(_rope(q, _at(t_), base), K, V)[0]
    return tuple(z.to(x_t.dtype) for z in (out, K, V))


@made_once
def _step_variants(x_t, W, cache, base) -> dict:
    """One step with each slip: {cause: (out_t, K, V)}, in x_t's dtype (None: right)."""
    q, k, v, (K_past, V_past) = _projected(x_t, W, cache)
    t_ = 0 if K_past is None else K_past.shape[-2]
    q_r, k_r = _rope(q, _at(t_), base), _rope(k, _at(t_), base)
    K, V = _join(K_past, k_r), _join(V_past, v)
    found = {}

    def add(key, query, keys, values, out=None):
        out = sdpa(query, keys, values)[0] if out is None else out
        found[key] = tuple(z.to(x_t.dtype) for z in (out, keys, values))

    add(None, q_r, K, V)
    for slip in ROPE_SLIPS:  # apply_rope's own slips, met inside the step
        add(slip, _rope(q, _at(t_), base, slip), _join(K_past, _rope(k, _at(t_), base, slip)), V)
    if K_past is not None:  # 0 always, or a size of the cache other than its length
        sizes = {0} | {s for i, s in enumerate(K_past.shape) if i != K_past.dim() - 2}
        for used in sorted(sizes - {t_}):
            add(NOT_CACHE_LENGTH(position=used, length=t_), _rope(q, _at(used), base),
                _join(K_past, _rope(k, _at(used), base)), V)
    add(KEYS_UNROTATED(made="never"), q_r, _join(K_past, k), V)
    add(QUERY_UNROTATED, q, K, V)
    add(KEYS_UNROTATED(made="stored"), q_r, _join(K_past, k), V, out=sdpa(q_r, K, V)[0])
    if K_past is not None:
        again = torch.cat([_rope(K_past, torch.arange(t_), base), k_r], dim=-2)
        add(ROTATED_TWICE, q_r, again, V)
        add(ROTATED_TWICE(made="all"), q_r, _rope(K, torch.arange(t_ + 1), base), V)
        # raw keys in the cache, turned each time they are read: the same scores
        add(KEYS_UNROTATED(made="read"), q_r, _join(K_past, k), V, out=sdpa(q_r, again, V)[0])
    if v.shape[-1] % 2 == 0:
        add(VALUES_ROTATED, q_r, K, _join(V_past, _rope(v, _at(t_), base)))
    add(NO_SCALE, q_r, K, V, out=sdpa(q_r, K, V, scale=1)[0])
    # the softmax over the single query (dim -2): every weight is 1, out_t the sum of V
    add(SOFTMAX_SIZE_ONE, q_r, K, V, out=sdpa(q_r, K, V, softmax_dim=-2)[0])
    held = int(torch.tensor(float(t_), dtype=torch.float16)) if x_t.dtype == torch.float16 \
        else t_
    if held != t_:  # a position float16 cannot hold: made in x_t's dtype, it is rounded
        add(HALF_POSITION(t=t_, rounded=held), _rope(q, _at(held), base),
            _join(K_past, _rope(k, _at(held), base)), V)
        for slip, cast in ((HALF_ANGLES, False), (HALF_ANGLES(made="cast"), True)):
            # apply_rope's own float16 angles, met inside the step (as the learner's would)
            q_h, k_h = (_rope_float16_angles(z.half(), _at(t_), base, cast).double()
                        for z in (q, k))
            add(slip, q_h, _join(K_past, k_h), V)
    return found


# slips that the output alone cannot show (the same output as another's, or the right one):
# named only by the cache they return
CACHE_ONLY = (KEYS_UNROTATED(made="stored"), KEYS_UNROTATED(made="read"))


def _check_step(learner, x_t, W, cache=None, base=None, output=True, returned_cache=True,
                expected=None, label="", rtol=None, atol=None):
    """One step, its output and (or) its returned cache. The cache's cause is read with
    the output's evidence: of the slips, those whose output the learner's equals."""
    extra = () if base is None else (base,)
    base = BASE if base is None else base
    got = learner.rope_attention_step(x_t, *W, cache, *extra)
    out, got_cache = compare.tuple_of(got, 2, what="the result", names="out_t, (K, V)")
    exp_out, exp_K, exp_V = expected or _step_right(x_t, W, cache, base)
    variants = compare.once(lambda: _step_variants(x_t, W, cache, base))
    if output:
        compare.close(out, exp_out, what=label or compare.code("out_t"), rtol=rtol, atol=atol,
                      suspects=lambda: {k: v[0] for k, v in variants().items()
                                        if k is not None and k not in CACHE_ONLY})
    if not returned_cache:
        return got_cache

    def fitting(i):
        found = {k: v for k, v in variants().items() if k is not None}
        fits = {k: v for k, v in found.items() if compare.same(out, v[0])}
        return {k: v[i] for k, v in (fits or found).items()}
    K, V = compare.tuple_of(got_cache, 2, what="the returned cache", names="K, V")
    compare.close(K, exp_K, what=compare.code("K"), rtol=rtol, atol=atol,
                  suspects=lambda: fitting(1))
    compare.close(V, exp_V, what=compare.code("V"), rtol=rtol, atol=atol,
                  suspects=lambda: fitting(2))
    return got_cache


def _check_sequence(learner, X, W):
    """X fed one token at a time, each step's cache handed to the next: the outputs are
    the rows of causal attention over the rotated Q and K, the caches their prefixes."""
    n = X.shape[-2]
    Q, K, V = (X.double() @ w.double() for w in W)
    Q_r, K_r = _rope(Q, torch.arange(n)), _rope(K, torch.arange(n))
    full = sdpa(Q_r, K_r, V, torch.ones(n, n, dtype=torch.bool).tril())[0]
    cache = None
    for i in range(n):
        expected = tuple(z.to(X.dtype) for z in (full[..., i:i + 1, :], K_r[..., :i + 1, :],
                                                 V[..., :i + 1, :]))
        cache = _check_step(learner, X[..., i:i + 1, :], W, cache, expected=expected,
                            label=t("the output of step {i}", i=i))


# ================================================================= apply_rope
@case("apply_rope at positions 0..4 (x [5, 8]): each adjacent pair turned by p · 10000^(-2i/8)")
def test_rope_positions(learner, gen):
    _check_rope(learner, randn(gen, 5, 8), torch.arange(5))


@case("apply_rope with positions out of order and repeated ([3, 0, 7, 7, 12]), d = 6")
def test_rope_any_positions(learner, gen):
    _check_rope(learner, randn(gen, 5, 6), _positions(3, 0, 7, 7, 12))


@case("apply_rope on one pair (d = 2) at positions 0..5")
def test_rope_one_pair(learner, gen):
    _check_rope(learner, randn(gen, 6, 2), torch.arange(6))


@case("apply_rope over a batch of 3 (x [3, 5, 8]): positions [5] broadcast over the batch")
def test_rope_batch1(learner, gen):
    _check_rope(learner, randn(gen, 3, 5, 8), _positions(0, 1, 2, 3, 4))


@case("apply_rope with two leading batch dimensions (x [2, 3, 5, 6]), positions [3, 5]: one "
      "row of positions per sequence")
def test_rope_batch2(learner, gen):
    positions = torch.randint(0, 30, (3, 5), generator=gen)
    _check_rope(learner, randn(gen, 2, 3, 5, 6), positions)


@case("apply_rope with base = 100 (x [4, 10], positions 0, 5, 10, 15)")
def test_rope_base(learner, gen):
    _check_rope(learner, randn(gen, 4, 10), _positions(0, 5, 10, 15), base=100.0)


@property_case("float64, x of size about 100 at positions up to 10,000: exact to float64's "
               "precision, float64 out")
def test_rope_float64(learner, gen):
    x = randn(gen, 2, 6, 8, dtype=torch.float64, scale=100.0)
    positions = torch.randint(0, 10_000, (6,), generator=gen)
    learner.property_case()
    _check_rope(learner, x, positions, dtype=torch.float64)


@property_case("float32 in, float32 out")
def test_rope_float32(learner, gen):
    dtype_kept(learner, "apply_rope", randn(gen, 3, 5, 8), torch.arange(5),
               expected=torch.float32)


@property_case("float16 at positions 3000..3007: angles in float32, the result in float16")
def test_rope_float16(learner, gen):
    learner.property_case()
    x, positions = randn(gen, 8, 16, dtype=torch.float16), torch.arange(3000, 3008)
    _check_rope(learner, x, positions, rtol=1e-2, atol=1e-2, dtype=torch.float16)


@property_case("rotation keeps each vector's length (float64, positions up to 1000)")
def test_rope_norm(learner, gen):
    learner.property_case()
    x = randn(gen, 4, 6, 8, dtype=torch.float64)
    positions = torch.randint(0, 1000, (4, 6), generator=gen)
    got = compare.tensor(_rope_call(learner, x, positions))
    compare.shape(got, x.shape)
    compare.close(got.norm(dim=-1), x.norm(dim=-1), what="the length of each rotated vector")
    values_correct(learner, "apply_rope", got, x, positions)


@property_case("apply_rope(q, m) · apply_rope(k, n) depends only on m - n (float64, n = 0, 7, "
               "90, 1000)")
def test_rope_relative(learner, gen):
    learner.property_case()
    q, k = randn(gen, 8, dtype=torch.float64), randn(gen, 8, dtype=torch.float64)
    starts, gaps = torch.tensor([0, 7, 90, 1000]), torch.arange(6)
    n = starts.repeat_interleave(len(gaps))  # [24]: each start, 6 times
    m = n + gaps.repeat(len(starts))  # [24]: the query 0..5 places after the key
    Q, K = q.expand(len(n), 8).clone(), k.expand(len(n), 8).clone()
    got_q = compare.tensor(learner.apply_rope(Q, m), "apply_rope(q, m)")
    got_k = compare.tensor(learner.apply_rope(K, n), "apply_rope(k, n)")
    compare.shape(got_q, Q.shape, what="apply_rope(q, m)")
    compare.shape(got_k, K.shape, what="apply_rope(k, n)")
    dots = (got_q.double() * got_k.double()).sum(-1).reshape(len(starts), len(gaps))
    for row, start in enumerate(starts.tolist()[1:], start=1):
        compare.close(dots[row], dots[0],
                      what=t("q · k at distances 0..5 from a key at {n}, against a key at 0",
                             n=start))
    values_correct(learner, "apply_rope", got_q, Q, m)


@property_case("an odd d (7) raises ValueError")
def test_rope_odd_d(learner, gen):
    raises_value_error(learner, "apply_rope", randn(gen, 4, 7), torch.arange(4), likely=ODD_D,
                       expected="ValueError: the features of an odd d cannot all pair up")


@case("apply_rope's gradient with respect to x")
def test_rope_gradient(learner, ref, gen):
    gradients(learner, ref.apply_rope, "apply_rope", [randn(gen, 2, 5, 8), torch.arange(5)],
              [0], ["x"], gen)


@property_case("x and positions are left unchanged")
def test_rope_unchanged(learner, gen):
    unchanged(learner, "apply_rope", ["x", "positions"], randn(gen, 3, 5, 8),
              _positions(4, 1, 0, 9, 2))


# ========================================================== rope_attention_step
@case("rope_attention_step without a cache: out [1, 4] and a cache of one position (at "
      "position 0 nothing turns)")
def test_first_step(learner, gen):
    _check_step(learner, randn(gen, 1, D_MODEL), _weights(gen))


@case("a step with 3 cached keys: the new query and key are turned at position 3")
def test_step_output(learner, gen):
    _check_step(learner, randn(gen, 1, D_MODEL), _weights(gen), _cache(gen),
                returned_cache=False)


@case("a step with 3 cached keys returns K [4, 6] with the new key turned at 3 and V [4, 4] "
      "with the new value as projected")
def test_step_cache(learner, gen):
    _check_step(learner, randn(gen, 1, D_MODEL), _weights(gen), _cache(gen), output=False)


@case("a step with one leading batch dimension (batch of 3, 4 cached positions)")
def test_step_batch1(learner, gen):
    _check_step(learner, randn(gen, 3, 1, D_MODEL), _weights(gen), _cache(gen, (3,), 4))


@case("a step with two leading batch dimensions (2 x 3, 4 cached positions)")
def test_step_batch2(learner, gen):
    _check_step(learner, randn(gen, 2, 3, 1, D_MODEL), _weights(gen), _cache(gen, (2, 3), 4))


@case("a step with base = 500 passes it on to the rotation (3 cached positions)")
def test_step_base(learner, gen):
    W = _weights(gen)
    keys = randn(gen, T, D_K)
    cache = (_rope(keys, torch.arange(T), 500.0), randn(gen, T, D_V))
    _check_step(learner, randn(gen, 1, D_MODEL), W, cache, base=500.0)


@case("a step with d_v = 3 (odd): values are never rotated, so their width may be odd")
def test_step_odd_d_v(learner, gen):
    _check_step(learner, randn(gen, 1, D_MODEL), _weights(gen, d_v=3), _cache(gen, d_v=3))


@case("7 tokens fed one at a time equal causal attention over apply_rope(X @ W_Q) and "
      "apply_rope(X @ W_K) at positions 0..6; each returned cache checked")
def test_steps_match_causal(learner, gen):
    _check_sequence(learner, randn(gen, N, D_MODEL), _weights(gen))


@case("token by token with a batch of 2 (X [2, 7, 5])")
def test_steps_batch(learner, gen):
    _check_sequence(learner, randn(gen, 2, N, D_MODEL), _weights(gen))


@property_case("float64 in, float64 out: the output and the cache")
def test_step_float64(learner, gen):
    learner.property_case()
    args = (randn(gen, 2, 1, D_MODEL, dtype=torch.float64), *_weights(gen, dtype=torch.float64),
            _cache(gen, (2,), dtype=torch.float64))
    got = learner.rope_attention_step(*args)
    out, cache = compare.tuple_of(got, 2, what="the result", names="out_t, (K, V)")
    K, V = compare.tuple_of(cache, 2, what="the returned cache", names="K, V")
    for name, tensor in (("out_t", out), ("K", K), ("V", V)):
        compare.dtype(compare.tensor(tensor, compare.code(name)), torch.float64,
                      what=compare.code(name))
    values_correct_nested(learner, "rope_attention_step", got, *args)


@property_case("float16: the step stays float16 and close to the exact result")
def test_step_float16(learner, gen):
    learner.property_case()
    args = (randn(gen, 2, 1, D_MODEL, scale=0.5), *_weights(gen), _cache(gen, (2,)))
    half = [a.half() if isinstance(a, torch.Tensor) else tuple(c.half() for c in a)
            for a in args]
    got = learner.rope_attention_step(*half)
    out, _ = compare.tuple_of(got, 2, what="the result", names="out_t, (K, V)")
    compare.dtype(compare.tensor(out, compare.code("out_t")), torch.float16,
                  what=compare.code("out_t"))
    _check_step(learner, half[0], half[1:4], half[4], rtol=2e-2, atol=2e-2)


# float16 holds only every fourth integer between 4096 and 8192: 4098 is held as 4096, two
# places off, which no off-by-one slip gives (an odd t would round to t - 1 or t + 1)
LATE = 4098


@property_case("float16, a step after 4098 cached keys (d_k = 4, base 500): the new key is "
               "turned at 4098, a position float16 cannot hold")
def test_step_float16_late(learner, gen):
    learner.property_case()
    x_t = torch.zeros(1, D_MODEL, dtype=torch.float16)
    x_t[0, 0] = 1.0  # picks row 0 of each weight: q, k and v exact in float16
    W_Q, W_K, W_V = (randn(gen, D_MODEL, d, dtype=torch.float16) for d in (4, 4, 2))
    W_K[0] = torch.tensor([1.0, 0.0, -1.0, 0.0])  # pairs (1, 0), (-1, 0): turned to cos, sin
    keys = randn(gen, LATE, 4, dtype=torch.float16)
    cache = (_rope(keys, torch.arange(LATE), 500.0), randn(gen, LATE, 2, dtype=torch.float16))
    _check_step(learner, x_t, (W_Q, W_K, W_V), cache, base=500.0, output=False, rtol=1e-2,
                atol=5e-3)


@case("a step's gradients flow to x_t and the three projection matrices")
def test_step_gradients(learner, ref, gen):
    gradients(learner, ref.rope_attention_step, "rope_attention_step",
              [randn(gen, 1, D_MODEL), *_weights(gen), _cache(gen)], [0, 1, 2, 3],
              ["x_t", "W_Q", "W_K", "W_V"], gen, output_index=0)


@property_case("x_t, the weights and the cache passed in are left unchanged")
def test_step_unchanged(learner, gen):
    args = (randn(gen, 1, D_MODEL), *_weights(gen), _cache(gen))
    before = [a.clone() if isinstance(a, torch.Tensor) else tuple(c.clone() for c in a)
              for a in args]
    learner.property_case()
    got, after = learner.with_inputs("rope_attention_step", *args)
    compare.unchanged(before, after, ["x_t", "W_Q", "W_K", "W_V", "cache"])  # top level
    cache_unchanged(before[4], after[4])
    values_correct_nested(learner, "rope_attention_step", got, *before)


# ------------------------------------------------------------------ the device
def _meta(*shape, dtype=torch.float32):
    return torch.empty(*shape, dtype=dtype, device="meta")


@property_case("on the meta device, apply_rope makes its angles there (no tensor made on the "
               "CPU)")
def test_rope_meta(learner, gen):
    learner.property_case()
    got = learner.apply_rope(_meta(2, 5, 8), _meta(5, dtype=torch.long))
    on_meta(got, (2, 5, 8), "the result")
    args = (randn(gen, 2, 5, 8), torch.arange(5))
    values_correct(learner, "apply_rope", learner.apply_rope(*args), *args)


@property_case("on the meta device, a first step and a cached step stay there")
def test_step_meta(learner, gen):
    learner.property_case()
    weights = (_meta(D_MODEL, D_K), _meta(D_MODEL, D_K), _meta(D_MODEL, D_V))
    for past in (None, (_meta(3, T, D_K), _meta(3, T, D_V))):
        t_after = 1 if past is None else T + 1
        got = learner.rope_attention_step(_meta(3, 1, D_MODEL), *weights, past)
        out, cache = compare.tuple_of(got, 2, what="the result", names="out_t, (K, V)")
        K, V = compare.tuple_of(cache, 2, what="the returned cache", names="K, V")
        on_meta(out, (3, 1, D_V), compare.code("out_t"))
        on_meta(K, (3, t_after, D_K), compare.code("K"))
        on_meta(V, (3, t_after, D_V), compare.code("V"))
    args = (randn(gen, 3, 1, D_MODEL), *_weights(gen), _cache(gen, (3,)))
    values_correct_nested(learner, "rope_attention_step", learner.rope_attention_step(*args),
                          *args)


@property_case("the source uses no ready-made attention")
def test_no_ready_made_attention(learner, gen):
    learner.property_case()
    args = (randn(gen, 1, D_MODEL), *_weights(gen), _cache(gen))  # a call made at run time
    values_correct_nested(learner, "rope_attention_step", learner.rope_attention_step(*args),
                          *args)
    no_forbidden_source(learner, "apply_rope", randn(gen, 5, 8), torch.arange(5),
                        expected="attention built from matmul, a softmax, RoPE and a cache")
