"""Hidden cases for exercise 12, the KV cache (beyond the lesson)."""
import math
import re

import torch

from checker import torch_words
from checker.engine.problems import Problem
from checker.engine.supervisor import LearnerProblem
from checker.i18n import t
from checker.judge import compare
from checker.judge.diagnose import first_code_line, feeds_result, function_named, shows
from checker.judge.results import Check
from checker.judge.cases.attention_support import SCALE_N_K, SOFTMAX_SIZE_ONE, sdpa
from checker.judge.cases.mistakes import BY_D_K, NO_SCALE as NO_SCALING, projection_slips
from checker.judge.cases.beyond_support import (cache_unchanged, on_meta, raised,
                                                 values_correct_nested)
from checker.judge.cases.support import made_once, property_case
from checker.judge.cases.support import (D_K, D_MODEL, D_V, case, cause, gradients,
                                         no_forbidden_source, randn, unchanged, values_correct)

# ------------------------------------------------------------------ likely causes
NOT_APPENDED = cause("ex12_cache_not_appended",
                     "attention_step returned the cache it was given, without the new token's "
                     "key and value appended")
PREPENDED = cause("ex12_prepended",
                  "the new key and value were put in front of the cache instead of after the "
                  "cached ones (oldest first)")
OUT_OF_STEP = cause("ex12_kv_out_of_step",
                    "keys and values are out of step: the new key and the new value went to "
                    "different ends of the cache, so key j no longer belongs with value j")
IN_PLACE = cause("ex12_cache_in_place",
                 "attention_step changed the cache it was given in place (the caller's K_past "
                 "or V_past)")
LEFT_OUT = cause("ex12_new_token_left_out",
                 "the new token's query attended only to the cached tokens, leaving the new "
                 "token itself out")
PRESCALED_KEYS = cause("ex12_prescaled_keys",
                       "the new key divided by √d_k before it went into the cache: the cache holds "
                       "the keys as projected (x_t @ W_K), and the scaling belongs to the scores")
VK_ORDER = cause("ex12_v_k_order", "the cache was returned as (V, K) instead of (K, V)")
MASK_IN_STEP = cause("ex12_causal_mask_in_step",
                     "a causal mask was applied inside the step: tril of a [1, t+1] matrix keeps "
                     "only the first key, yet every cached key is in the past")
KEY_IN_VALUES = cause("ex12_key_in_values",
                      "the new key appended to the value cache (`torch.cat([V_past, k], ...)`): "
                      "the value cache grows by the new value, v = x_t @ W_V, as the key cache "
                      "grows by k")
# the value cache joined with the new key: cat([V_past, k]), cat((V_cache, k_t), dim=-2)
KEY_IN_VALUES_CODE = {r"\bcat\(\s*[\[(]\s*V\w*\s*,\s*k\w*\s*[\])]": KEY_IN_VALUES}
CAT_DIM0 = cause("ex12_cat_dim0",
                 "the cache joined along dim 0, which is the batch axis once there are batch "
                 "dimensions: join along the positions, dim=-2")
CAT_FEATURES = cause("ex12_cat_features",
                     "the cache joined along the features (the last dimension) instead of the "
                     "positions: join along dim=-2, one row per token")
NOT_CARRIED = cause("ex12_cache_not_carried",
                    "generate_outputs did not pass the returned cache on to the next step, so "
                    "each token saw only itself")
LAST_LEFT_OUT = cause("ex12_last_step_left_out",
                      "generate_outputs stopped one step early (range(n - 1)?): the last "
                      "token's output is missing")
OUTPUTS_CAT_DIM0 = cause("ex12_outputs_cat_dim0", "the steps' outputs joined along dim 0 "
                                          "(`torch.cat(outs, dim=0)`), which is the positions' "
                                          "axis only without a batch dimension: join them "
                                          "along the positions, dim=-2")
ONLY_NEW = cause("ex12_cache_only_new",
                 "attention_step returned only the new token's key and value as the cache: "
                 "the cache it returns is the cached keys and values with the new ones "
                 "appended, [..., t+1, d_k] and [..., t+1, d_v], so that the next step sees "
                 "every token so far")
FUTURE_SEEN = cause("ex12_future_seen",
                    "every token attended to the whole sequence, later tokens included: the "
                    "cache a step gets holds only the tokens before it (start with none and "
                    "pass on the cache each step returns), never keys and values of the whole "
                    "sequence computed up front")
CACHE_FLOAT32 = cause("ex12_cache_float32",
                      "the cached keys and values were rounded to float32 while the inputs are "
                      "float64: a cache kept in a buffer made without `dtype=` "
                      "(`torch.zeros(...)` is float32, on the CPU) does this; make it like the "
                      "input (`X.new_zeros(...)`, or `dtype=X.dtype, device=X.device`), or grow "
                      "the cache with `torch.cat`")
POSITION_DROPPED = cause("ex12_position_dropped",
                         "`{code}` takes token t with a single index, which drops the "
                         "positions' axis: the step gets x_t of shape [..., d_model] instead of "
                         "[..., 1, d_model], one dimension short (for a 2-D X, a 1-D x_t, "
                         "which has no axis -2); slice it, `X[..., t : t + 1, :]`")
SLICE_AXIS = cause("ex12_slice_axis",
                   "`{code}` takes token t from axis {axis} counted from the front "
                   "(`{part}`), but the positions of this X of {dims} dimensions are axis "
                   "{positions}, so the step got a slice of another axis and the shapes "
                   "no longer fit; take the token counted from the end, "
                   "`X[..., t : t + 1, :]`, right for any number of batch dimensions")
WHOLE_PREFIX = cause("ex12_whole_prefix",
                     "generate_outputs fed each step the whole prefix X[..., :t+1, :] instead of "
                     "the one new token X[..., t:t+1, :], so the cache took every earlier token "
                     "again at each step: key j is in it t - j + 1 times and weighs that much "
                     "more; the cache already holds the past, feed only token t")
LOOP_FIRST_DIM = cause("ex12_loop_first_dim",
                       "generate_outputs looped over range(X.shape[0]), the first dimension, "
                       "which is the batch once X has one: only the first {k} of the {n} "
                       "tokens were generated; loop over the positions, range(X.shape[-2])")
STACKED = cause("ex12_stacked_extra_dim",
                "the step outputs [..., 1, d_v] were stacked, which adds a dimension, instead of "
                "joined along the positions with torch.cat")

# sizes that all differ (n_k = T + 1 = 4, d_k = 5, d_model = 6, d_v = 3, n = 7), so that a
# transposed or swapped operand cannot pass by accident
N = 7  # tokens in a generated sequence
T = 3  # positions already in the cache


def _weights(gen, dtype=torch.float32):
    return (randn(gen, D_MODEL, D_K, dtype=dtype), randn(gen, D_MODEL, D_K, dtype=dtype),
            randn(gen, D_MODEL, D_V, dtype=dtype))


def _cache(gen, batch=(), t=T, dtype=torch.float32):
    return (randn(gen, *batch, t, D_K, dtype=dtype), randn(gen, *batch, t, D_V, dtype=dtype))


# ----------------------------------------------------------- one step, checked
@made_once
def _step_suspects(x_t, W, cache) -> dict:
    """Each classic mistake of a step with the output it gives."""
    W_Q, W_K, W_V = W
    q, k, v = x_t @ W_Q, x_t @ W_K, x_t @ W_V
    K, V = (k, v) if cache is None else (torch.cat([cache[0], k], -2),
                                         torch.cat([cache[1], v], -2))
    found = {MASK_IN_STEP: V[..., :1, :], NO_SCALING: sdpa(q, K, V, scale=1)[0],
             BY_D_K(d_k=q.shape[-1]): sdpa(q, K, V, scale=q.shape[-1] ** 2)[0],
             SOFTMAX_SIZE_ONE: sdpa(q, K, V, softmax_dim=-2)[0]}  # one query: weights of 1
    if K.shape[-2] != q.shape[-1]:
        found[SCALE_N_K] = sdpa(q, K, V, scale=K.shape[-2])[0]
    for mistake, (w_q, w_k, w_v) in projection_slips(W_Q, W_K, W_V).items():
        k_, v_ = x_t @ w_k, x_t @ w_v
        if cache is not None and (k_.shape[-1], v_.shape[-1]) == (k.shape[-1], v.shape[-1]):
            k_, v_ = torch.cat([cache[0], k_], -2), torch.cat([cache[1], v_], -2)
        elif cache is not None:
            continue  # a cache of other widths: the step could not have run
        found[mistake] = sdpa(x_t @ w_q, k_, v_)[0]
    if cache is not None:
        found[LEFT_OUT] = sdpa(q, cache[0], cache[1])[0]
        found[OUT_OF_STEP] = sdpa(q, K, torch.cat([v, cache[1]], -2))[0]
        found[OUT_OF_STEP(ends="keys")] = sdpa(q, torch.cat([k, cache[0]], -2), V)[0]
    return found


def _check_cache(got_cache, x_t, W, past):
    """The cache a step returned: the past keys and values with the new ones appended."""
    K, V = compare.tuple_of(got_cache, 2, what="the returned cache", names="K, V")
    K, V = compare.tensor(K, compare.code("K")), compare.tensor(V, compare.code("V"))
    k, v = x_t @ W[1], x_t @ W[2]
    K_ref = k if past is None else torch.cat([past[0], k], -2)
    V_ref = v if past is None else torch.cat([past[1], v], -2)
    mistake = None
    if past is not None:
        K_front, V_front = torch.cat([k, past[0]], -2), torch.cat([v, past[1]], -2)
        if compare.same(K, past[0]) and compare.same(V, past[1]):
            mistake = NOT_APPENDED
        elif compare.same(K, K_front) and compare.same(V, V_front):
            mistake = PREPENDED
        elif ((compare.same(K, K_front) and compare.same(V, V_ref))
              or (compare.same(K, K_ref) and compare.same(V, V_front))):
            mistake = OUT_OF_STEP
        elif compare.same(K, k) and compare.same(V, v):
            mistake = ONLY_NEW
    if compare.same(K, V_ref) and compare.same(V, K_ref):
        mistake = VK_ORDER
    scaled = k / math.sqrt(k.shape[-1])
    if compare.same(K, scaled if past is None else torch.cat([past[0], scaled], -2)):
        mistake = PRESCALED_KEYS
    if past is not None and past[0].shape[-2] == k.shape[-2] and compare.same(
            K, torch.cat([past[0], k], -1)):
        mistake = CAT_FEATURES
    # a recognised mistake is named by the tensor that shows it
    compare.close(K, K_ref, what=compare.code("K"), suspects={mistake: K} if mistake else None)
    compare.close(V, V_ref, what=compare.code("V"), suspects={mistake: V} if mistake else None)


def _check_step(learner, ref, x_t, W, cache=None, output=True, returned_cache=True):
    learner.expect({**KEY_IN_VALUES_CODE,
                    r"cat\((?:[^()]|\([^()]*\))*?(?:dim\s*=\s*0|,\s*0)\s*\)": CAT_DIM0,
                    r"cat\((?:[^()]|\([^()]*\))*?(?:dim\s*=\s*-?1|,\s*-?1)\s*\)": CAT_FEATURES})
    got = learner.attention_step(x_t, *W, cache)
    out, got_cache = compare.tuple_of(got, 2, what="the result", names="out_t, (K, V)")
    if returned_cache:
        _check_cache(got_cache, x_t, W, cache)
    if output:
        expected = ref.attention_step(x_t, *W, cache)[0]
        compare.close(out, expected, what=compare.code("out_t"),
                      suspects=lambda: _step_suspects(x_t, W, cache))


# ----------------------------------------------------- a whole sequence, checked
def _causal(X, W, scale=None, allowed=None):
    Q, K, V = X @ W[0], X @ W[1], X @ W[2]
    n = X.shape[-2]
    mask = torch.tril(torch.ones(n, n, dtype=torch.bool)) if allowed is None else allowed
    return sdpa(Q, K, V, mask, scale=scale)[0]


@made_once
def _generate_suspects(X, W) -> dict:
    """Each classic mistake with the outputs generate_outputs would give."""
    n = X.shape[-2]
    V = X @ W[2]
    only_first_and_self = torch.eye(n, dtype=torch.bool)
    only_first_and_self[:, 0] = True
    before = torch.tril(torch.ones(n, n, dtype=torch.bool), -1)
    before[0, 0] = True
    # values prepended: after step t the values run v_t, ..., v_0 against keys k_0, ..., k_t
    Q, K = X @ W[0], X @ W[1]
    rows = []
    for i in range(n):
        w = torch.softmax(Q[..., i:i + 1, :] @ K[..., :i + 1, :].transpose(-2, -1)
                          / math.sqrt(K.shape[-1]), dim=-1)
        rows.append(w @ V[..., :i + 1, :].flip(-2))
    # the whole prefix fed at each step: row t attends to the keys of every prefix, key j
    # t - j + 1 times (log of the count added to its score; log 0 = -inf blocks the future)
    steps = torch.arange(n)
    counts = (steps[:, None] - steps[None, :] + 1).clamp(min=0).to(Q.dtype)
    scores = Q @ K.transpose(-2, -1) / math.sqrt(K.shape[-1]) + counts.log()
    whole_prefix = torch.softmax(scores, dim=-1) @ V
    self_and_last = torch.tril(torch.ones(n, n, dtype=torch.bool)) & \
        torch.triu(torch.ones(n, n, dtype=torch.bool), -1)
    return {NOT_CARRIED: V, MASK_IN_STEP: V[..., :1, :].expand_as(V),
            FUTURE_SEEN: _causal(X, W, allowed=torch.ones(n, n, dtype=torch.bool)),
            ONLY_NEW: _causal(X, W, allowed=self_and_last),
            NO_SCALING: _causal(X, W, scale=1), LEFT_OUT: _causal(X, W, allowed=before),
            NOT_APPENDED: _causal(X, W, allowed=only_first_and_self),
            OUT_OF_STEP: torch.cat(rows, -2), WHOLE_PREFIX: whole_prefix,
            STACKED: _causal(X, W).unsqueeze(-3),               # torch.stack(..., dim=-2)
            STACKED(dim=-3): _causal(X, W).unsqueeze(-2),       # torch.stack(..., dim=-3)
            LAST_LEFT_OUT: _causal(X, W)[..., :-1, :],
            # a loop over the first dimension: on batched inputs, that many tokens
            **({LOOP_FIRST_DIM(k=X.shape[0], n=n): _causal(X, W)[..., :X.shape[0], :]}
               if X.dim() > 2 and 0 < X.shape[0] < n else {}),
            **({OUTPUTS_CAT_DIM0: torch.cat(_causal(X, W).split(1, dim=-2), dim=0)} if X.dim() > 2
               else {})}


def _position_dropped(learner, got, X):
    """The line of generate_outputs that takes a token with a single index of X (which
    drops the positions' axis), when the result lost a dimension and the line feeds it:
    raised as the cause, in place of the general one."""
    if not isinstance(got, torch.Tensor) or got.dim() >= X.dim():
        return
    return _single_index_line(learner)


def _single_index_line(learner):
    """POSITION_DROPPED with the line of generate_outputs that takes one position of X with a
    single index and feeds the result, or None."""
    body, params = function_named(learner.source_text(), "generate_outputs")
    name = params[0] if params else "X"
    # one position taken with a single index: X[..., t, :], X[:, t], X[t]
    line = first_code_line(body, rf"\b{name}\[\s*(?:(?:\.\.\.|:)\s*,\s*)*[A-Za-z_]\w*"
                                 rf"\s*(?:,\s*:\s*)?\]")
    return POSITION_DROPPED(code=line) if line and feeds_result(line, body) else None


def _slice_axis(learner, X, problem):
    """SLICE_AXIS with the line of generate_outputs that takes token t as ``X[:, t:t+1]``
    (a slice counted from the front) on an axis that is not the positions' here, when
    generate_outputs' own line in the traceback uses what that line made (a product that did
    not fit, said by torch, is the error), or None."""
    body, params = function_named(learner.source_text(), "generate_outputs")
    name = params[0] if params else "X"
    here = [str(f.get("code", "")) for f in problem.frames or []
            if f.get("function") == "generate_outputs"]
    for line in [] if not here else body.splitlines():
        found = re.search(rf"\b{re.escape(name)}\[((?:\s*:\s*,)*)\s*([A-Za-z_]\w*)\s*:"
                          rf"\s*\2\s*\+\s*1\s*\]", line.split("#", 1)[0])
        if not found:
            continue
        axis = found.group(1).count(":")
        if axis != X.dim() - 2 and shows(re.escape(found.group(0)), here[-1], body):
            return SLICE_AXIS(code=line.split("#", 1)[0].strip(),
                              part=re.sub(r"\s+", "", found.group(0)), axis=axis,
                              dims=X.dim(), positions=X.dim() - 2)
    return None


# ... or a concatenation of the cache that did not fit (a token sliced from the batch axis)
_NOT_FITTING = torch_words.any_of(*torch_words.SLICE_WORDS, torch_words.CAT_SIZES_ANY)


def _generate(learner, X, W):
    """The learner's generate_outputs; an error that shows a step's tensor one dimension
    short of x_t's (torch's range of dimensions is that of a tensor of X.dim() - 1
    dimensions), where generate_outputs takes a token with a single index, is said so."""
    try:
        return learner.generate_outputs(X, *W)
    except LearnerProblem as problem:
        found = torch_words.DIMENSION_RANGE.search(problem.message or "") \
            if problem.kind == Problem.EXCEPTION and problem.error_type == "IndexError" else None
        line = _single_index_line(learner) if found and \
            -int(found.group(1)) == X.dim() - 1 else None
        if line is None and problem.kind == Problem.EXCEPTION and \
                problem.error_type == "RuntimeError" and \
                _NOT_FITTING.search(problem.message or ""):
            line = _slice_axis(learner, X, problem)
            if line:
                raise compare.CaseFailure(
                    t("{func} raised {error_type}", func="generate_outputs",
                      error_type=problem.error_type),
                    expected=t("each step given x_t of shape [..., 1, d_model], token t of "
                               "the positions' axis (-2)"),
                    got=raised(problem), likely=line, check=Check.RAISED) from None
        if line:
            raise compare.CaseFailure(
                t("{func} raised {error_type}", func="generate_outputs",
                  error_type=problem.error_type),
                expected=t("each step given x_t of {n} dimensions, [..., 1, d_model]",
                           n=X.dim()),
                got=raised(problem), likely=line, check=Check.RAISED) from None
        raise


def _check_generate(learner, X, W, more=None):
    got = _generate(learner, X, W)
    try:
        compare.close(got, _causal(X, W),
                      suspects=lambda: {**_generate_suspects(X, W), **(more() if more else {})})
    except compare.CaseFailure as failure:
        found = _position_dropped(learner, got, X) if failure.check == Check.SHAPE else None
        if found:
            failure.cause, failure.likely = found, found.render()
        raise


def _float32_cache(X, W) -> torch.Tensor:
    """What generate_outputs gives when each step's cache holds the past keys and values
    rounded to float32 (a buffer made with torch.zeros), the new ones exact."""
    Q, K, V = X @ W[0], X @ W[1], X @ W[2]
    K32, V32 = K.float().to(K.dtype), V.float().to(V.dtype)
    rows = []
    for i in range(X.shape[-2]):
        keys = torch.cat([K32[..., :i, :], K[..., i:i + 1, :]], -2)
        values = torch.cat([V32[..., :i, :], V[..., i:i + 1, :]], -2)
        rows.append(sdpa(Q[..., i:i + 1, :], keys, values)[0])
    return torch.cat(rows, -2)


# -------------------------------------------------------------------- one step
@case("attention_step without a cache: out [1, 3] and a cache of one position")
def test_first_step(learner, ref, gen):
    _check_step(learner, ref, randn(gen, 1, D_MODEL), _weights(gen))


@case("a step with 3 cached positions returns K [4, 5] and V [4, 3], the new key and value "
      "last")
def test_cache_grows(learner, ref, gen):
    _check_step(learner, ref, randn(gen, 1, D_MODEL), _weights(gen), _cache(gen), output=False)


@case("a step with 3 cached positions: the output attends to the cache and the new token")
def test_step_output(learner, ref, gen):
    _check_step(learner, ref, randn(gen, 1, D_MODEL), _weights(gen), _cache(gen),
                returned_cache=False)


@case("a step with one leading batch dimension (batch of 3, 2 cached positions)")
def test_step_batch1(learner, ref, gen):
    _check_step(learner, ref, randn(gen, 3, 1, D_MODEL), _weights(gen), _cache(gen, (3,), 2))


@case("a step with a batch of one (x_t [1, 1, 6], 3 cached positions)")
def test_step_batch_of_one(learner, ref, gen):
    _check_step(learner, ref, randn(gen, 1, 1, D_MODEL), _weights(gen), _cache(gen, (1,), 3))


@case("a step with two leading batch dimensions (2 x 3, 3 cached positions)")
def test_step_batch2(learner, ref, gen):
    _check_step(learner, ref, randn(gen, 2, 3, 1, D_MODEL), _weights(gen),
                _cache(gen, (2, 3), 3))


@case("step by step, each output equals the matching row of full causal attention")
def test_steps_match_causal(learner, ref, gen):
    X, W = randn(gen, N, D_MODEL), _weights(gen)
    full = _causal(X, W)
    cache = None
    for i in range(N):
        x_t = X[i:i + 1]
        got = learner.attention_step(x_t, *W, cache)
        out, got_cache = compare.tuple_of(got, 2, what="the result", names="out_t, (K, V)")
        compare.close(out, full[i:i + 1], what=t("the output of step {i}", i=i),
                      suspects=lambda: _step_suspects(x_t, W, cache))
        _check_cache(got_cache, x_t, W, cache)
        cache = got_cache


# ---------------------------------------------------------- a whole sequence
@case("generate_outputs equals causal self-attention (exercise 10) on 7 tokens")
def test_generate(learner, gen):
    _check_generate(learner, randn(gen, N, D_MODEL), _weights(gen))


@case("generate_outputs with two leading batch dimensions (2 x 3)")
def test_generate_batch2(learner, gen):
    _check_generate(learner, randn(gen, 2, 3, N, D_MODEL), _weights(gen))


@case("generate_outputs with a batch of one ([1, 7, 6]) keeps the batch dimension")
def test_generate_batch_of_one(learner, gen):
    _check_generate(learner, randn(gen, 1, N, D_MODEL), _weights(gen))


@case("generate_outputs of a single token (n = 1): a result of shape [1, 3]")
def test_generate_one_token(learner, gen):
    _check_generate(learner, randn(gen, 1, D_MODEL), _weights(gen))


@case("generate_outputs in float64 is exact to float64's precision, the cache included")
def test_generate_float64(learner, gen):
    X, W = randn(gen, 2, N, D_MODEL, dtype=torch.float64), _weights(gen, torch.float64)
    _check_generate(learner, X, W, more=lambda: {CACHE_FLOAT32: _float32_cache(X, W)})


# ---------------------------------------------------------------------- dtypes
@property_case("float64 in, float64 out: the output and the cache")
def test_float64(learner, gen):
    learner.property_case()
    args = (randn(gen, 1, D_MODEL, dtype=torch.float64), *_weights(gen, torch.float64),
            _cache(gen, dtype=torch.float64))
    got = learner.attention_step(*args)
    out, cache = compare.tuple_of(got, 2, what="the result", names="out_t, (K, V)")
    K, V = compare.tuple_of(cache, 2, what="the returned cache", names="K, V")
    for name, tensor in (("out_t", out), ("K", K), ("V", V)):
        compare.dtype(compare.tensor(tensor, compare.code(name)), torch.float64,
                      what=compare.code(name))
    values_correct_nested(learner, "attention_step", got, *args)


@property_case("float16: the step stays float16 and close to the exact result")
def test_float16(learner, ref, gen):
    learner.property_case()
    args = (randn(gen, 2, 1, D_MODEL, dtype=torch.float64, scale=0.5),
            *_weights(gen, torch.float64), _cache(gen, (2,), dtype=torch.float64))
    half = [a.half() if isinstance(a, torch.Tensor) else tuple(c.half() for c in a)
            for a in args]
    got = learner.attention_step(*half)
    out, _ = compare.tuple_of(got, 2, what="the result", names="out_t, (K, V)")
    compare.dtype(compare.tensor(out, compare.code("out_t")), torch.float16,
                  what=compare.code("out_t"))
    compare.close(out, ref.attention_step(*args)[0], what=compare.code("out_t"), rtol=2e-2,
                  atol=2e-2)


# --------------------------------------------------------- gradients, inputs
@case("a step's gradients flow to x_t and the three projection matrices")
def test_step_gradients(learner, ref, gen):
    gradients(learner, ref.attention_step, "attention_step",
              [randn(gen, 1, D_MODEL), *_weights(gen), _cache(gen)], [0, 1, 2, 3],
              ["x_t", "W_Q", "W_K", "W_V"], gen, output_index=0)


@case("generate_outputs: gradients flow through the cache to X and the three matrices")
def test_generate_gradients(learner, ref, gen):
    gradients(learner, ref.generate_outputs, "generate_outputs",
              [randn(gen, N, D_MODEL), *_weights(gen)], [0, 1, 2, 3],
              ["X", "W_Q", "W_K", "W_V"], gen)


@property_case("x_t, the weights and the cache passed in are left unchanged")
def test_inputs_unchanged(learner, gen):
    args = (randn(gen, 1, D_MODEL), *_weights(gen), _cache(gen))
    before = [a.clone() if isinstance(a, torch.Tensor) else tuple(c.clone() for c in a)
              for a in args]
    got, after = learner.with_inputs("attention_step", *args)
    compare.unchanged(before, after, ["x_t", "W_Q", "W_K", "W_V", "cache"])  # top level
    cache_unchanged(before[4], after[4], likely=IN_PLACE)
    values_correct_nested(learner, "attention_step", got, *before)


@property_case("X and the weights are left unchanged by generate_outputs")
def test_generate_unchanged(learner, gen):
    unchanged(learner, "generate_outputs", ["X", "W_Q", "W_K", "W_V"],
              randn(gen, N, D_MODEL), *_weights(gen))


# ------------------------------------------------------------------ the device
def _meta(*shape):
    return torch.empty(*shape, device="meta")


def _meta_weights():
    return _meta(D_MODEL, D_K), _meta(D_MODEL, D_K), _meta(D_MODEL, D_V)


@property_case("on the meta device, a first step and a cached step stay there (no tensor made on the CPU)")
def test_meta_step(learner, gen):
    for past in (None, (_meta(3, T, D_K), _meta(3, T, D_V))):
        t_after = 1 if past is None else T + 1
        got = learner.attention_step(_meta(3, 1, D_MODEL), *_meta_weights(), past)
        out, cache = compare.tuple_of(got, 2, what="the result", names="out_t, (K, V)")
        K, V = compare.tuple_of(cache, 2, what="the returned cache", names="K, V")
        on_meta(out, (3, 1, D_V), compare.code("out_t"))
        on_meta(K, (3, t_after, D_K), compare.code("K"))
        on_meta(V, (3, t_after, D_V), compare.code("V"))
    args = (randn(gen, 3, 1, D_MODEL), *_weights(gen), _cache(gen, (3,)))
    values_correct_nested(learner, "attention_step", learner.attention_step(*args), *args)


@property_case("on the meta device, generate_outputs stays there")
def test_meta_generate(learner, gen):
    got = learner.generate_outputs(_meta(2, N, D_MODEL), *_meta_weights())
    on_meta(got, (2, N, D_V), "the result")
    args = (randn(gen, 2, N, D_MODEL), *_weights(gen))
    values_correct(learner, "generate_outputs", learner.generate_outputs(*args), *args)


@property_case("the source uses no ready-made attention")
def test_no_ready_made_attention(learner, gen):
    no_forbidden_source(learner, "generate_outputs", randn(gen, N, D_MODEL), *_weights(gen),
                        expected="attention built from matmul, a softmax and a cache")
