"""Hidden cases for exercise 06, the weighted sum of the values."""
import torch

from checker.i18n import t
from checker.judge import compare
from checker.judge.results import Check
from checker.judge.cases.mistakes import HALF_PRECISION, dropout_signature, in_half
from checker.judge.cases.support import property_case
from checker.judge.cases.support import (BATCH1, BATCH2, D_V, N_K, N_Q, case, cause, dtype_kept,
                                         gradients, randn, unchanged)

RENORMALISED = cause("ex06_renormalised", "the weights renormalised first: use them as given")
SOFTMAX_AGAIN = cause("ex06_softmax_again", "a softmax of the weights first: use them as given")
CLAMPED = cause("ex06_clamped", "negative weights clamped to 0: use the weights as given, "
                                "whatever their sign")
WEIGHTS_T = cause("ex06_weights_t", "weightsᵀ @ V: the weights hold one row per query, no "
                                    "transpose")
RESULT_T = cause("ex06_result_t", "the right numbers, transposed ([..., d_v, n_q]): Vᵀ @ "
                                  "weightsᵀ is (weights @ V)ᵀ; compute weights @ V")
SUM_OVER_QUERIES = cause("ex06_sum_over_queries", "the products summed over the queries instead "
                                                  "of the keys: each output row sums over k, the "
                                                  "last axis of the weights")
MEAN = cause("ex06_mean", "a mean over the keys instead of the weighted sum: the weights already "
                          "decide each value's share")
NO_QUERY_AXIS = cause("ex06_no_query_axis", "weights.unsqueeze(-1) * V (or weights[..., None] * "
                                            "V) gives V no query axis: with batch dimensions "
                                            "its batch lines up with the queries; use "
                                            "V.unsqueeze(-3), or simply weights @ V")
SUM_OVER_FEATURES = cause("ex06_sum_over_features", "the products summed over the value "
                                                    "features (the last axis) instead of the "
                                                    "keys: weights.unsqueeze(-1) * "
                                                    "V.unsqueeze(-3) is [..., n_q, n_k, d_v], "
                                                    "and the sum runs over n_k, dim -2")
V_TRANSPOSED = cause("ex06_v_transposed", "V transposed: V is used as it is, [..., n_k, d_v] "
                                        "(one row per key); only K is transposed, for the "
                                        "scores")
ELEMENTWISE = cause("ex06_elementwise", "`weights * V` multiplies element by element: the blend "
                                      "is a matrix product, `weights @ V` (each output row "
                                      "sums over the keys)")
KEY_LEFT_OUT = cause("ex06_key_left_out", "the weighted sum without key {key}'s term: a loop "
                                          "over the keys that skips one (`range(1, n_k)` leaves "
                                          "out key 0, `range(n_k - 1)` the last); every key j "
                                          "from 0 to n_k - 1 adds weights[..., j] times V's "
                                          "row j")
V_TIMES_W = cause("ex06_v_times_weights", "V @ weights: the product runs the other way, weights @ "
                                          "V (one row of weights per query)")


def _check(learner, weights, V, extra=None):
    """The learner's weighted sum against weights @ V, with the classic mistakes (made only
    if it is wrong); ``extra``: more suspects, worked out from the result
    (``extra(got) -> dict``)."""
    expected = weights @ V
    # the weights given a last axis (`unsqueeze(-1)`, an index whose last item is None:
    # `[..., None]`, `[:, :, None]`) times a V given none, in either order
    learner.expect({r"(?:unsqueeze\(\s*-1\s*\)|\[[^\[\]]*,\s*None\s*\])\s*\*\s*V\b"
                    r"(?!\.unsqueeze|\[)|\bV\s*\*\s*\(?\s*weights\s*(?:\.unsqueeze\(\s*-1\s*\)"
                    r"|\[[^\[\]]*,\s*None\s*\])": NO_QUERY_AXIS,
                    r"\bV\.(?:transpose\(|T\b|mT\b|t\(\))": V_TRANSPOSED,
                    r"\bV\s*@\s*weights": V_TIMES_W,
                    r"\bweights\s*\*\s*V\b|\bV\s*\*\s*weights\b(?!\s*(?:\.unsqueeze|\[))":
                        ELEMENTWISE,
                    r"weights\.T\b|weights\.t\(\)|weights\.transpose\(": WEIGHTS_T})
    got = learner.weighted_sum(weights, V)
    compare.close(got, expected, suspects=lambda: {**(extra(got) if extra else {}),
                                                   **_suspects(weights, V, expected)})


def _suspects(weights, V, expected) -> dict:
    """Each classic mistake with what it gives for these weights and values."""
    suspects = {RENORMALISED: (weights / weights.sum(-1, keepdim=True)) @ V,
                SOFTMAX_AGAIN: torch.softmax(weights, dim=-1) @ V,
                CLAMPED: weights.clamp_min(0) @ V, RESULT_T: expected.transpose(-2, -1),
                SUM_OVER_QUERIES: (weights.unsqueeze(-1) * V.unsqueeze(-3)).sum(-3),
                MEAN: expected / weights.shape[-1]}
    if weights.shape[-1] > 1:  # the first or the last key's term left out of the sum
        suspects[KEY_LEFT_OUT(key=0)] = weights[..., 1:] @ V[..., 1:, :]
        suspects[KEY_LEFT_OUT(key=weights.shape[-1] - 1)] = weights[..., :-1] @ V[..., :-1, :]
    try:
        suspects[SUM_OVER_FEATURES] = (weights.unsqueeze(-1) * V.unsqueeze(-3)).sum(-1)
    except RuntimeError:
        pass
    half = in_half(lambda w, v: w @ v, weights, V)
    if half is not None:
        suspects[HALF_PRECISION] = half
    if weights.shape[-1] == weights.shape[-2]:
        suspects[WEIGHTS_T] = weights.transpose(-2, -1) @ V
    if weights.shape == V.shape:
        suspects[ELEMENTWISE] = weights * V
    if V.shape[-1] == V.shape[-2]:  # a transposed V fits only then
        suspects[V_TRANSPOSED] = weights @ V.transpose(-2, -1)
    return suspects


def _softmax_rows(gen, *shape):
    return torch.softmax(randn(gen, *shape), dim=-1)


@case("the lesson's picture: output = 0.16·V₁ + 0.36·V₂ + 0.18·V₃ + 0.30·V₄")
def test_seed_picture(learner, gen):
    weights = torch.tensor([[0.16, 0.36, 0.18, 0.30]])
    _check(learner, weights, randn(gen, 4, D_V))


@case("4 queries, 7 keys, values of size 3: output [4, 3]")
def test_shapes_differ(learner, gen):
    _check(learner, _softmax_rows(gen, N_Q, N_K), randn(gen, N_K, D_V))


@case("the weights are used as given, not renormalised")
def test_not_renormalised(learner, gen):
    _check(learner, randn(gen, N_Q, N_K), randn(gen, N_K, D_V))


@case("V = I (one value row per key, each a one-hot row): the output is the weights themselves")
def test_identity_values(learner, gen):
    weights = _softmax_rows(gen, 4 * N_Q, N_K)  # 112 weights: dropout always drops some

    def dropout(got) -> dict:  # with V = I the output shows the weights that were used
        dropped = dropout_signature(got, weights)
        return {dropped[1]: dropped[0]} if dropped is not None else {}

    _check(learner, weights, torch.eye(N_K), extra=dropout)


@case("one-hot weights pick single value rows (a hard lookup)")
def test_one_hot(learner, gen):
    picks = torch.tensor([3, 0, 6, 3])
    weights = torch.nn.functional.one_hot(picks, N_K).float()
    _check(learner, weights, randn(gen, N_K, D_V))


@case("square shapes (n_q = n_k = d_v = 4) still give weights @ V")
def test_square(learner, gen):
    _check(learner, _softmax_rows(gen, 4, 4), randn(gen, 4, 4))


@case("one leading batch dimension: [3, 4, 7] and [3, 7, 3]")
def test_batch1(learner, gen):
    _check(learner, _softmax_rows(gen, *BATCH1, N_Q, N_K), randn(gen, *BATCH1, N_K, D_V))


@case("two leading batch dimensions: [2, 3, 4, 7] and [2, 3, 7, 3]")
def test_batch2(learner, gen):
    _check(learner, _softmax_rows(gen, *BATCH2, N_Q, N_K), randn(gen, *BATCH2, N_K, D_V))


@property_case("float64 in, float64 out")
def test_float64(learner, gen):
    dtype_kept(learner, "weighted_sum", _softmax_rows(gen, N_Q, N_K).double(),
               randn(gen, N_K, D_V, dtype=torch.float64))


@property_case("float32 in, float32 out")
def test_float32(learner, gen):
    dtype_kept(learner, "weighted_sum", _softmax_rows(gen, N_Q, N_K), randn(gen, N_K, D_V),
               expected=torch.float32)


@property_case("float16 in, float16 out, close to the exact result")
def test_float16(learner, gen):
    learner.property_case()
    weights, V = _softmax_rows(gen, N_Q, N_K).double(), randn(gen, N_K, D_V, dtype=torch.float64)
    got = compare.tensor(learner.weighted_sum(weights.half(), V.half()))
    compare.dtype(got, torch.float16)
    # float16 keeps about 3 digits: the exact product of the float16 inputs, to that precision
    compare.close(got, weights.half().double() @ V.half().double(), rtol=1e-2, atol=1e-2)


@property_case("on the meta device (no data), the output is made there too: [4, 3] on 'meta'")
def test_meta_device(learner):
    # an error with no cause of its own (`.tolist()` of a meta tensor: the gradient case
    # names that line) is not judged here; a tensor made on the CPU is (blind set 22)
    learner.property_case()
    weights = torch.empty(N_Q, N_K, device="meta")
    V = torch.empty(N_K, D_V, device="meta")
    got = compare.tensor(learner.weighted_sum(weights, V), what="the output")
    compare.true(got.device.type == "meta",
                 t("{what} is not on the inputs' device", what=t("the output")),
                 expected=compare.code("device 'meta'"),
                 got=compare.code(f"device '{got.device.type}'"), check=Check.DEVICE)
    compare.shape(got, (N_Q, D_V), what="the output")


@property_case("the weights and V are left unchanged")
def test_inputs_unchanged(learner, gen):
    unchanged(learner, "weighted_sum", ["weights", "V"], _softmax_rows(gen, N_Q, N_K),
              randn(gen, N_K, D_V))


@case("gradients flow back to the weights and to V")
def test_gradient(learner, gen):
    gradients(learner, lambda w, v: w @ v, "weighted_sum",
              [_softmax_rows(gen, N_Q, N_K), randn(gen, N_K, D_V)], [0, 1], ["weights", "V"], gen)
