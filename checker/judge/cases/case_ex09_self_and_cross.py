"""Hidden cases for exercise 09, self-attention and cross-attention."""
import re

import torch

from checker import torch_words
from checker.engine.problems import Problem
from checker.engine.supervisor import LearnerProblem
from checker.i18n import t
from checker.judge import compare
from checker.judge.cases.attention_support import (WEIGHTS_T, check_pair,
                                                   rows_sum_to_one, sdpa, suspects_for)
from checker.judge.cases.beyond_support import raised
from checker.judge.cases.support import made_once, property_case
from checker.judge.cases.attention_support import WEIGHTS_AT_K
from checker.judge.cases.mistakes import (RESIDUAL_CODE, SCALE_D_MODEL, TRANSPOSED_WEIGHT,
                                          WRONG_WEIGHT, projection_slips, residual)
from checker.judge.causes import Cause
from checker.judge.diagnose import function_named
from checker.judge.cases.support import (BATCH2, D_K, D_MODEL, D_V, case, cause, gradients,
                                         no_forbidden_source, rand_mask, randn, unchanged,
                                         values_correct)
from checker.judge.results import Check

N, N_DEC, N_ENC = 4, 3, 5

ROLES_SWAPPED = cause("ex09_roles_swapped", "cross-attention with the roles swapped: Q comes "
                                            "from the decoder, K and V from the encoder")
CAUSAL_IN_CROSS = cause("ex09_causal_in_cross", "a causal mask: cross-attention uses none unless "
                                                "one is passed")
CAUSAL_IN_SELF = cause("ex09_causal_in_self", "a causal mask: self_attention uses none unless "
                                              "one is passed (only a decoder needs it)")
V_FROM_DEC = cause("ex09_v_from_dec", "cross-attention with V taken from the decoder: V, like "
                                      "K, comes from the encoder")
K_FROM_DEC = cause("ex09_k_from_dec", "cross-attention with K taken from the decoder: K, like "
                                      "V, comes from the encoder")

KV_FROM_DEC = cause("ex09_kv_from_dec", "cross-attention with K and V both projected from the "
                                        "decoder (self-attention's lines copied): the encoder "
                                        "is never read; K = X_enc @ W_K, V = X_enc @ W_V")

SQUARE_DEFAULT_MASK = cause("ex09_square_default_mask",
                            "with no mask given, a mask made square from the queries' count, "
                            "[n_q, n_q] (`torch.ones(n, n)`, or a `tril` of it, with n = "
                            "Q.size(-2)): cross-attention's scores are [n_dec, n_enc], one "
                            "column per encoder token, and the encoder has another count here; "
                            "with no mask given, skip the masking (every key is allowed), and "
                            "make any mask of your own [Q.size(-2), K.size(-2)]")


# a projection with the weight transposed (nn.Linear's convention): X @ W_Q.T, X_enc @ W_K.t()
TRANSPOSED_CODE = {rf"\bX\w*\s*@\s*{w}\s*\.\s*(?:T\b|mT\b|t\(\s*\)|transpose\(\s*-?[01]\s*,"
                   rf"\s*-?[12]\s*\))": TRANSPOSED_WEIGHT(W=w) for w in ("W_Q", "W_K", "W_V")}
# V made with W_K (`V = X @ W_K`, `Q, K, V = X @ W_Q, X @ W_K, X @ W_K`)
V_BY_W_K = WRONG_WEIGHT(name="V", used="W_K", weight="W_V")


def _v_made_with_w_k(body: str) -> bool:
    """Whether a line of ``body`` (the called function) gives V (a name V, v or V_...) a
    product with W_K and no W_V: the projection slip, seen in the code."""
    for line in body.splitlines():
        code = line.split("#", 1)[0]
        if "=" not in code or "==" in code:
            continue
        targets, _, values = code.partition("=")
        names = [n.strip() for n in targets.split(",")]
        parts = [v.strip() for v in values.split(",")] if len(names) > 1 else [values.strip()]
        for name, value in zip(names, parts if len(parts) == len(names) else []):
            if re.fullmatch(r"[Vv](?:_\w+)?", name) and re.search(r"\bW_K\b", value) \
                    and not re.search(r"\bW_V\b", value):
                return True
    return False


def _named_slip(learner, failure: compare.CaseFailure) -> None:
    """``weights @ K`` and ``V = X @ W_K`` give the same output (V is then K): where the
    output matched both and the called function's own code makes V with W_K, the slip is
    named alone."""
    both = "|".join(sorted((WEIGHTS_AT_K.id, V_BY_W_K.id)))
    if failure.cause is None or failure.cause.id != both:
        return
    body, _ = function_named(learner.source_text(), learner.last_function)
    if _v_made_with_w_k(body):
        found = Cause(V_BY_W_K.id, compare.MATCHES,
                              values=(("description", V_BY_W_K.render()),))
        failure.cause, failure.likely = found, found.render()


def _weights(gen, dtype=torch.float32):
    return (randn(gen, D_MODEL, D_K, dtype=dtype), randn(gen, D_MODEL, D_K, dtype=dtype),
            randn(gen, D_MODEL, D_V, dtype=dtype))


def _transposed(W_Q, W_K, W_V, attention) -> dict:
    """Every weight used transposed (nn.Linear's convention), where the shapes allow it
    (square weights): {mistake: what attention gives with them}."""
    if not W_Q.shape[-2] == W_Q.shape[-1] == W_K.shape[-1] == W_V.shape[-1]:
        return {}
    return {TRANSPOSED_WEIGHT(W="W"): attention(W_Q.mT, W_K.mT, W_V.mT)}


@made_once
def _self_suspects(X, W_Q, W_K, W_V, mask=None):
    found = suspects_for(X @ W_Q, X @ W_K, X @ W_V, mask)
    for mistake, (w_q, w_k, w_v) in projection_slips(W_Q, W_K, W_V).items():
        found[mistake] = sdpa(X @ w_q, X @ w_k, X @ w_v, mask)
    found[V_BY_W_K] = sdpa(X @ W_Q, X @ W_K, X @ W_K, mask)
    found.update(_transposed(W_Q, W_K, W_V, lambda q, k, v: sdpa(X @ q, X @ k, X @ v, mask)))
    found[SCALE_D_MODEL] = sdpa(X @ W_Q, X @ W_K, X @ W_V, mask, scale=X.shape[-1])
    causal = torch.tril(torch.ones(X.shape[-2], X.shape[-2], dtype=torch.bool))
    found[CAUSAL_IN_SELF] = sdpa(X @ W_Q, X @ W_K, X @ W_V,
                                 causal if mask is None else causal & (mask != 0))
    found.update(residual(sdpa(X @ W_Q, X @ W_K, X @ W_V, mask), X))
    return found


@made_once
def _cross_suspects(X_dec, X_enc, W_Q, W_K, W_V, mask=None):
    Q, K, V = X_dec @ W_Q, X_enc @ W_K, X_enc @ W_V
    found = suspects_for(Q, K, V, mask)
    found[ROLES_SWAPPED] = sdpa(X_enc @ W_Q, X_dec @ W_K, X_dec @ W_V, mask)
    for mistake, (w_q, w_k, w_v) in projection_slips(W_Q, W_K, W_V).items():
        found[mistake] = sdpa(X_dec @ w_q, X_enc @ w_k, X_enc @ w_v, mask)
    found[V_BY_W_K] = sdpa(Q, K, X_enc @ W_K, mask)
    found.update(_transposed(W_Q, W_K, W_V,
                             lambda q, k, v: sdpa(X_dec @ q, X_enc @ k, X_enc @ v, mask)))
    found[SCALE_D_MODEL] = sdpa(Q, K, V, mask, scale=D_MODEL)
    causal = torch.tril(torch.ones(Q.shape[-2], K.shape[-2], dtype=torch.bool))
    found[CAUSAL_IN_CROSS] = sdpa(Q, K, V, causal if mask is None else causal & (mask != 0))
    found.update(residual(sdpa(Q, K, V, mask), X_dec))
    if mask is None or mask.shape[-1] in (1, X_dec.shape[-2]):  # the mask fits [n_dec, n_dec]
        found[KV_FROM_DEC] = sdpa(Q, X_dec @ W_K, X_dec @ W_V, mask)
    if X_dec.shape[-2] == X_enc.shape[-2]:
        found[V_FROM_DEC] = sdpa(Q, K, X_dec @ W_V, mask)
        found[K_FROM_DEC] = sdpa(Q, X_dec @ W_K, V, mask)
    return found


def _check_self(learner, ref, X, W, mask=None):
    learner.expect({**RESIDUAL_CODE, **TRANSPOSED_CODE})
    try:
        check_pair(learner.self_attention(X, *W, mask), ref.self_attention(X, *W, mask),
                   lambda: _self_suspects(X, *W, mask))
    except compare.CaseFailure as failure:
        _named_slip(learner, failure)
        raise


def _mismatch(message: str) -> tuple | None:
    """The sizes that did not broadcast (either order) and where, from torch's words."""
    found = torch_words.BROADCAST_MISMATCH.search(message or "")
    return (tuple(sorted(found.groups()[:2])), found.group(3)) if found else None


def _square_mask_error(Q, K) -> str:
    """What torch says when scores [..., n_q, n_k] meet a square [n_q, n_q] mask."""
    try:
        torch.empty(*Q.shape[:-1], K.shape[-2]).masked_fill(
            torch.ones(Q.shape[-2], Q.shape[-2], dtype=torch.bool) == 0, float("-inf"))
    except RuntimeError as exc:
        return str(exc)
    return ""


def _cross(learner, X_dec, X_enc, W, mask):
    """The learner's cross-attention; with no mask given, an error that a square [n_q, n_q]
    mask raises on these inputs (the same sizes, at the same dimension), raised on a line
    that uses a mask, is said so."""
    try:
        return learner.cross_attention(X_dec, X_enc, *W, mask)
    except LearnerProblem as problem:
        line = str(problem.frames[-1].get("code", "")) if problem.frames else ""
        Q, K = X_dec @ W[0], X_enc @ W[1]
        if mask is None and problem.kind == Problem.EXCEPTION and \
                problem.error_type == "RuntimeError" and re.search(r"\bmask\w*\b", line) and \
                Q.shape[-2] != K.shape[-2] and _mismatch(problem.message) is not None and \
                _mismatch(problem.message) == _mismatch(_square_mask_error(Q, K)):
            raise compare.CaseFailure(
                t("{func} raised {error_type}", func="cross_attention",
                  error_type=problem.error_type),
                expected="no mask given: each decoder token attends to every encoder token",
                got=raised(problem), likely=SQUARE_DEFAULT_MASK, check=Check.RAISED) from None
        raise


def _check_cross(learner, ref, X_dec, X_enc, W, mask=None):
    learner.expect({r"X_dec\s*@\s*W_V": V_FROM_DEC, r"X_dec\s*@\s*W_K": K_FROM_DEC,
                    **RESIDUAL_CODE, **TRANSPOSED_CODE})
    try:
        check_pair(_cross(learner, X_dec, X_enc, W, mask),
                   ref.cross_attention(X_dec, X_enc, *W, mask),
                   lambda: _cross_suspects(X_dec, X_enc, *W, mask))
    except compare.CaseFailure as failure:
        _named_slip(learner, failure)
        raise


@case("self_attention: n=4, d_model=6, d_k=5, d_v=3, no mask")
def test_self_basic(learner, ref, gen):
    _check_self(learner, ref, randn(gen, N, D_MODEL), _weights(gen))


@property_case("self_attention: weights are [n, n] and every row sums to 1")
def test_self_rows(learner, gen):
    learner.property_case()
    args = (randn(gen, N, D_MODEL), *_weights(gen))
    got = learner.self_attention(*args)
    _, weights = compare.pair(got)
    compare.shape(compare.tensor(weights, what="the weights"), (N, N), what="the weights")
    rows_sum_to_one(got)
    values_correct(learner, "self_attention", got, *args)


@case("self_attention uses the mask it is given")
def test_self_mask(learner, ref, gen):
    _check_self(learner, ref, randn(gen, N, D_MODEL), _weights(gen),
                torch.tril(torch.ones(N, N, dtype=torch.bool)))


@case("self_attention: two leading batch dimensions (2 x 3)")
def test_self_batch(learner, ref, gen):
    _check_self(learner, ref, randn(gen, *BATCH2, N, D_MODEL), _weights(gen))


@case("cross_attention: queries from the decoder (3 tokens), keys and values from the "
      "encoder (5 tokens)")
def test_cross_basic(learner, ref, gen):
    _check_cross(learner, ref, randn(gen, N_DEC, D_MODEL), randn(gen, N_ENC, D_MODEL),
                 _weights(gen))


@property_case("cross_attention: weights are [n_dec, n_enc]")
def test_cross_shape(learner, gen):
    args = (randn(gen, N_DEC, D_MODEL), randn(gen, N_ENC, D_MODEL), *_weights(gen))
    result = learner.cross_attention(*args)
    _, weights = compare.pair(result)
    weights = compare.tensor(weights, what="the weights")
    compare.shape(weights, (N_DEC, N_ENC), what="the weights",
                  likely=WEIGHTS_T if list(weights.shape) == [N_ENC, N_DEC] else "")
    values_correct(learner, "cross_attention", result, *args)


@case("cross_attention with equal lengths applies no causal mask and takes V from the encoder")
def test_cross_no_causal(learner, ref, gen):
    _check_cross(learner, ref, randn(gen, N, D_MODEL), randn(gen, N, D_MODEL), _weights(gen))


@case("cross_attention: a batch of 4 sentence pairs")
def test_cross_batch1(learner, ref, gen):
    _check_cross(learner, ref, randn(gen, 4, N_DEC, D_MODEL), randn(gen, 4, N_ENC, D_MODEL),
                 _weights(gen))


@case("cross_attention with a padding mask over the encoder tokens, batched")
def test_cross_padding_mask(learner, ref, gen):
    mask = torch.tensor([True, True, True, False, False])
    _check_cross(learner, ref, randn(gen, *BATCH2, N_DEC, D_MODEL),
                 randn(gen, *BATCH2, N_ENC, D_MODEL), _weights(gen), mask)


@property_case("large inputs (scores in the thousands, float64): self_attention stays finite")
def test_large_inputs(learner, ref, gen):
    X = randn(gen, N, D_MODEL, dtype=torch.float64, scale=30.0)
    _check_self(learner, ref, X, _weights(gen, dtype=torch.float64))


@property_case("a 0/1 float64 mask keeps float32 outputs float32")
def test_float_mask_dtype(learner, gen):
    learner.property_case()
    mask = rand_mask(gen, N_DEC, N_ENC).double()
    args = (randn(gen, N_DEC, D_MODEL), randn(gen, N_ENC, D_MODEL), *_weights(gen), mask)
    result = learner.cross_attention(*args)
    out, weights = compare.pair(result)
    compare.dtype(compare.tensor(out, what="the output"), torch.float32, what="the output")
    values_correct(learner, "cross_attention", result, *args)


@property_case("float16 with a padding mask: cross_attention stays float16 and right")
def test_float16_mask(learner, ref, gen):
    learner.property_case()
    mask = torch.tensor([True, True, True, False, False])
    W = _weights(gen, torch.float64)
    X_dec, X_enc = randn(gen, 2, N_DEC, D_MODEL, dtype=torch.float64), \
        randn(gen, 2, N_ENC, D_MODEL, dtype=torch.float64)
    half = [a.half() for a in (X_dec, X_enc, *W)]
    # the contract keeps the input dtype: a fill that overflows float16 (-1e9) raises here
    # and is named, as in 08 and 10, by the diagnosis of raised errors (float16_fill)
    got = learner.cross_attention(*half, mask)
    out, weights = compare.pair(got)
    for item, what in ((out, "the output"), (weights, "the weights")):
        compare.dtype(compare.tensor(item, what=what), torch.float16, what=what)
    expected = ref.cross_attention(*[a.double() for a in half], mask)
    compare.close(out, expected[0], what="the output", rtol=5e-2, atol=5e-2)
    compare.close(weights, expected[1], what="the weights", rtol=5e-2, atol=5e-2)


@property_case("float64 in, float64 out (both functions)")
def test_float64(learner, gen):
    learner.property_case()
    W = _weights(gen, torch.float64)
    self_args = (randn(gen, N, D_MODEL, dtype=torch.float64), *W)
    self_result = learner.self_attention(*self_args)
    out, _ = compare.pair(self_result, what="self_attention's result")
    compare.dtype(compare.tensor(out, what="self_attention's output"), torch.float64,
                  what="self_attention's output")
    cross_args = (randn(gen, N_DEC, D_MODEL, dtype=torch.float64),
                  randn(gen, N_ENC, D_MODEL, dtype=torch.float64), *W)
    cross_result = learner.cross_attention(*cross_args)
    out, _ = compare.pair(cross_result, what="cross_attention's result")
    compare.dtype(compare.tensor(out, what="cross_attention's output"), torch.float64,
                  what="cross_attention's output")
    values_correct(learner, "self_attention", self_result, *self_args)
    values_correct(learner, "cross_attention", cross_result, *cross_args)


@property_case("the inputs are left unchanged (both functions)")
def test_inputs_unchanged(learner, gen):
    X, W = randn(gen, N, D_MODEL), _weights(gen)
    unchanged(learner, "self_attention", ["X", "W_Q", "W_K", "W_V", "mask"], X, *W,
              rand_mask(gen, N, N))
    X_dec, X_enc, W = randn(gen, N_DEC, D_MODEL), randn(gen, N_ENC, D_MODEL), _weights(gen)
    unchanged(learner, "cross_attention", ["X_dec", "X_enc", "W_Q", "W_K", "W_V", "mask"],
              X_dec, X_enc, *W, rand_mask(gen, N_DEC, N_ENC))


@case("cross_attention: gradients flow back to X_dec, X_enc and the three weights")
def test_cross_gradients(learner, ref, gen):
    args = [randn(gen, N_DEC, D_MODEL), randn(gen, N_ENC, D_MODEL), *_weights(gen)]
    gradients(learner, ref.cross_attention, "cross_attention", args, [0, 1, 2, 3, 4],
              ["X_dec", "X_enc", "W_Q", "W_K", "W_V"], gen, output_index=0)


@property_case("the source uses no ready-made attention")
def test_no_ready_made_attention(learner, gen):
    no_forbidden_source(learner, "self_attention", randn(gen, N, D_MODEL), *_weights(gen),
                        expected="attention built from matmul, a softmax and masking")
