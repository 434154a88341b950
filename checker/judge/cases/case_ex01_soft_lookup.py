"""Hidden cases for exercise 01, hard and soft lookup."""
import torch

from checker.engine.supervisor import LearnerProblem
from checker.judge import compare
from checker.judge.cases.support import property_case
from checker.judge.cases.support import case, cause, dtype_kept, gradients, randn, unchanged
from checker.judge.cases.mistakes import LOG_SOFTMAX
from checker.judge.results import Check

D, N, D_V = 5, 6, 3  # key size, number of entries, value size: all different

ARGMIN = cause("ex01_argmin", "the value of the key with the SMALLEST score (argmin instead of "
                              "argmax?)")
MAX_AS_INDEX = cause("ex01_max_as_index", "the row whose index is the best score itself, "
                                          "cut to a whole number: `torch.max(scores)` "
                                          "gives the largest score, not where it is; the index "
                                          "is `torch.argmax(scores)`")
KEY_ROW = cause("ex01_key_row", "the winning key row instead of the value row stored under it")
NEAREST = cause("ex01_nearest_key", "the value of the nearest key (by distance or angle), but "
                                    "the score is the plain dot product")
TIES_ADDED = cause("ex01_ties_added", "with two keys tied for the best score, their value rows "
                                      "were added: a mask such as `scores == scores.max()` marks "
                                      "every key that ties, so the product takes them all; "
                                      "`torch.argmax` picks one index")
SUMMED_OVER_KEYS = cause("ex01_summed_over_keys", "the products summed over the keys (dim 0) "
                                                  "instead of over each key's features (the "
                                                  "last dim): the score of a key is the sum of "
                                                  "its own products with the query")
LARGEST_TERM = cause("ex01_largest_term", "the value of the key with the largest single "
                                          "product: the score sums the products (a dot product)")
BEST_FROM_ZERO = cause("ex01_best_from_zero", "the first value row, `values[0]`, where every "
                                              "score is below 0, and the right row where the "
                                              "scores are above 0: a running best that starts "
                                              "at 0 is beaten by no negative score, so the loop "
                                              "never leaves row 0; start it at `float('-inf')` "
                                              "(or at the first key's score), or take "
                                              "`torch.argmax(scores)`")
ABS_SCORE = cause("ex01_abs_score", "the value of the key with the largest |score|: "
                                     "`scores.abs()` lets a strongly negative score win, "
                                     "but a negative score is a bad match; the best key has "
                                     "the largest score, sign included "
                                     "(`torch.argmax(scores)`)")
SHARP_SOFTMAX = cause("ex01_sharp_softmax", "nearly the best value row but not exactly it: "
                                            "a hard lookup returns exactly one row, picked with "
                                            "argmax, not a softmax with a small temperature")
EXP_UNNORMALISED = cause("ex01_exp_unnormalised", "exp(scores) used as the weights without "
                                                  "dividing by their sum: the weights of a "
                                                  "softmax add up to 1")
NO_SOFTMAX = cause("ex01_no_softmax", "the raw scores used as weights: a softmax is missing")
SUM_NORMALISED = cause("ex01_sum_normalised", "the scores divided by their sum: a softmax "
                                              "exponentiates first, so every weight is positive")
SCALED = cause("ex01_scaled", "scores divided by √d: exercise 01 uses the unscaled scores")
HARD_FOR_SOFT = cause("ex01_hard_for_soft", "the hard lookup's answer: a soft lookup blends "
                                            "every value row")
RETURNS_WEIGHTS = cause("ex01_returns_weights", "the softmax weights themselves, one per stored "
                                                "item: soft_lookup returns the blend of the "
                                                "value rows they weigh, `weights @ values`")
SINGLETON = cause("ex01_singleton_softmax", "the plain sum of the value rows: the softmax ran "
                                            "over an axis of size 1")
BLENDS_KEYS = cause("ex01_blends_keys", "a blend of the key rows: a soft lookup blends the "
                                        "value rows")
MEAN_AGAIN = cause("ex01_mean_of_weighted", "the weighted average divided by n once more (a "
                                            "mean where the weights already sum to 1)")
OVERFLOW = cause("ex01_overflow", "exp of large raw scores overflows to inf, and inf / inf is "
                                  "NaN: subtract the largest score first, or use torch.softmax")


QUERY_FIRST = cause("ex01_query_first", "`query @ keys` puts the query first: with keys of "
                                        "shape [n, d] the scores are `keys @ query`, one per "
                                        "key (query @ keys needs n == d, and then sums over "
                                        "the keys)")
WEIGHTS_NO_AXIS = cause("ex01_weights_no_axis", "`weights * values` lines the [n] weights up with "
                                               "the value features, not with the items: give "
                                               "the weights an axis (`weights[:, None] * "
                                               "values`), or use `weights @ values`")
KEYS_TRANSPOSED = cause("ex01_keys_transposed", "`keys.T @ query` transposes the keys: keys "
                                                "are [n, d], one row per stored item, so the "
                                                "scores are `keys @ query`, one per key "
                                                "(keys.T @ query runs only when n == d, and "
                                                "then dots the query with the keys' columns)")
QUERY_FIRST_CODE = {r"\bquery\s*@\s*keys\b|matmul\(\s*query\s*,\s*keys\s*\)": QUERY_FIRST,
                    r"\bkeys\s*\.\s*(?:T\b|mT\b|t\(\s*\))\s*@\s*query\b|matmul\(\s*keys\s*\."
                    r"\s*(?:T\b|mT\b|t\(\s*\))\s*,\s*query\s*\)": KEYS_TRANSPOSED,
                    r"\bweights\s*\*\s*values\b|\bvalues\s*\*\s*weights\b": WEIGHTS_NO_AXIS}


def _inputs(gen, dtype=torch.float32, scale=1.0):
    return randn(gen, D, dtype=dtype, scale=scale), randn(gen, N, D, dtype=dtype), \
        randn(gen, N, D_V, dtype=dtype)


def _hard_suspects(query, keys, values, found: dict) -> dict:
    """``found`` and the mistake every hard-lookup case tries: the products summed over the
    keys instead of the features picks a row by a feature's index (if that is a row)."""
    wrong_axis = int((keys * query).sum(0).argmax())
    best = int((keys @ query).max())  # the best score as an index (.long() and int() truncate)
    return {**found, SUMMED_OVER_KEYS: values[wrong_axis] if wrong_axis < len(values) else None,
            MAX_AS_INDEX: values[best] if -len(values) <= best < len(values) else None}


def _classic_suspects(query, keys, values) -> dict:
    """Every classic hard-lookup mistake with the row it picks on these inputs."""
    angle = torch.nn.functional.cosine_similarity(keys, query.expand_as(keys), dim=-1)
    return _hard_suspects(query, keys, values, {
        NEAREST(by="distance"): values[(keys - query).norm(dim=-1).argmin()],
        NEAREST(by="angle"): values[angle.argmax()],
        LARGEST_TERM: values[(keys * query).max(-1).values.argmax()],
        KEY_ROW: keys[(keys @ query).argmax()]})


SUMMED_OVER_FEATURES = cause("ex01_summed_over_features", "each value row scaled by its weight "
                                                        "and then summed over its own features "
                                                        "(dim=1), one number per stored item: "
                                                        "the blend sums over the items, dim=0 "
                                                        "(or weights @ values)")


def _soft_suspects(query, keys, values) -> dict:
    """What the classic soft-lookup mistakes give on these inputs."""
    scores = keys @ query
    return {
        NO_SOFTMAX: scores @ values,
        SUM_NORMALISED: (scores / scores.sum()) @ values,
        SCALED: torch.softmax(scores / D**0.5, 0) @ values,
        HARD_FOR_SOFT: values[scores.argmax()],
        SINGLETON: values.sum(0),
        BLENDS_KEYS: torch.softmax(scores, 0) @ keys,
        MEAN_AGAIN: torch.softmax(scores, 0) @ values / len(values),
        OVERFLOW: (torch.exp(scores) / torch.exp(scores).sum()) @ values,
        EXP_UNNORMALISED: torch.exp(scores) @ values,
        SUMMED_OVER_FEATURES: (torch.softmax(scores, 0)[:, None] * values).sum(1),
        LOG_SOFTMAX: torch.log_softmax(scores, 0) @ values,
        RETURNS_WEIGHTS: torch.softmax(scores, 0),
    }


@case("hard_lookup: a query that matches one key exactly returns that key's value")
def test_hard_lookup_dictionary(learner, ref):
    learner.expect(QUERY_FIRST_CODE)
    keys = torch.eye(4, 5)              # four keys, each a different unit vector
    values = torch.arange(12.0).reshape(4, 3)
    query = torch.tensor([0.0, 0.0, 3.0, 0.0, 0.0])   # points along key 2, with score 3
    compare.close(learner.hard_lookup(query, keys, values), ref.hard_lookup(query, keys, values),
                  suspects=_hard_suspects(query, keys, values,
                                          {KEY_ROW: keys[2], ARGMIN: values[0]}))


@case("hard_lookup: random query, 6 keys of size 5, values of size 3")
def test_hard_lookup_random(learner, ref, gen):
    query, keys, values = _inputs(gen)
    scores = keys @ query
    compare.close(learner.hard_lookup(query, keys, values), ref.hard_lookup(query, keys, values),
                  suspects=_hard_suspects(query, keys, values, {ARGMIN: values[scores.argmin()],
                                                                KEY_ROW: keys[scores.argmax()]}))


@case("hard_lookup: two keys tie for the best score: the result is one of their value rows")
def test_hard_lookup_tie(learner, ref):
    query = torch.tensor([1.0, 0.0, 2.0, 0.0, -1.0])
    # the worst key (row 1) and the row the best score names as an index (3) differ
    keys = torch.tensor([[1.0, 0.0, 1.0, 0.0, 0.0],     # score 3
                         [0.0, 0.0, 0.0, 1.0, 1.0],     # score -1
                         [1.0, 0.0, 1.0, 0.0, 0.0],     # score 3: ties with row 0
                         [0.0, 1.0, 1.0, 1.0, 0.0]])    # score 2
    # (squares: the tied rows' average, what a sharp softmax gives, is no row of its own)
    values = (torch.arange(12.0) ** 2).reshape(4, 3)
    got = learner.hard_lookup(query, keys, values)
    if isinstance(got, torch.Tensor) and type(got) is torch.Tensor and \
            got.shape == values[2].shape and got.dtype == values.dtype and \
            torch.equal(got, values[2]):
        return  # the other tied row is as right as the first
    tied = values[0] + values[2]  # (their average is what a sharp softmax gives: no cause)
    compare.close(got, ref.hard_lookup(query, keys, values),
                  suspects=_hard_suspects(query, keys, values, {
                      TIES_ADDED: tied,
                      ARGMIN: values[1], KEY_ROW: keys[0]}))


@case("hard_lookup: values of size 1 (d_v = 1) give a result of shape [1]")
def test_hard_lookup_one_value_feature(learner, ref, gen):
    query, keys, _ = _inputs(gen)
    values = randn(gen, N, 1)
    compare.close(learner.hard_lookup(query, keys, values), ref.hard_lookup(query, keys, values),
                  suspects=_classic_suspects(query, keys, values))


@case("hard_lookup: the best key is neither the nearest nor the one with the largest single product")
def test_hard_lookup_tells_mistakes_apart(learner, ref):
    # the right row is 3; the nearest key (by distance and by angle) is row 2, the largest
    # single product row 1, the products summed over the keys pick row 0: each classic
    # mistake gives a row of its own here
    query = torch.tensor([2.0, 1.0, 1.0, -1.0, -1.0])
    keys = torch.tensor([[0.0, -1.0, 1.0, 0.5, 0.0],
                         [3.0, 0.0, 0.5, 1.0, 3.0],
                         [1.0, 0.5, 0.5, 0.0, -1.0],
                         [1.0, 0.0, 3.0, -2.0, 1.0]])
    values = torch.arange(12.0).reshape(4, 3)
    compare.close(learner.hard_lookup(query, keys, values), ref.hard_lookup(query, keys, values),
                  suspects=_classic_suspects(query, keys, values))


@case("hard_lookup: the winner has the largest dot product, not the nearest key")
def test_hard_lookup_dot_not_distance(learner, ref):
    query = torch.tensor([1.0, 0.0, 0.0, 0.0, 0.0])
    keys = torch.tensor([[0.9, 0.1, 0.0, 0.0, 0.0],     # nearest to the query
                         [3.0, 2.0, 0.0, 0.0, 0.0],     # largest dot product
                         [-1.0, 0.0, 0.0, 0.0, 0.0]])
    values = torch.tensor([[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]])
    compare.close(learner.hard_lookup(query, keys, values), ref.hard_lookup(query, keys, values),
                  suspects=_hard_suspects(query, keys, values, {NEAREST: values[0]}))


@case("hard_lookup: the score is the whole dot product, not its largest term")
def test_hard_lookup_whole_dot_product(learner, ref):
    query = torch.ones(5)
    keys = torch.tensor([[3.0, -2.0, -0.5, 0.0, 0.0],    # one large term, small sum
                         [1.0, 1.0, 1.0, 1.0, 0.5],      # the largest dot product
                         [-1.0, 0.5, 0.0, 0.0, 0.0]])
    values = torch.tensor([[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]])
    compare.close(learner.hard_lookup(query, keys, values), ref.hard_lookup(query, keys, values),
                  suspects=_hard_suspects(query, keys, values, {LARGEST_TERM: values[0]}))


@case("hard_lookup: two keys nearly tie for the best score: exactly the best value row, bit for bit")
def test_hard_lookup_exact_row(learner, ref, gen):
    query = torch.tensor([1.0, 0.5, -0.25, 0.0, 2.0])
    keys = randn(gen, N, D)
    keys[1] = keys[4] = 3 * query        # far ahead of the random keys, and nearly tied
    keys[4, 0] += 2e-4                   # the best key, ahead of key 1 by 0.0002 only
    values = randn(gen, N, D_V) * 10
    expected = ref.hard_lookup(query, keys, values)
    got = compare.tensor(learner.hard_lookup(query, keys, values), expected=expected)
    compare.shape(got, expected.shape)
    compare.close(got, expected, exact=True,
                  likely=SHARP_SOFTMAX if _between(got, values[1], values[4]) else "")


def _between(got: torch.Tensor, a: torch.Tensor, b: torch.Tensor) -> bool:
    """``got`` is a blend t·b + (1 - t)·a of two value rows (0 <= t < 1), not a row itself."""
    g, a, b = (x.detach().to(torch.float64) for x in (got, a, b))
    direction = b - a
    share = float((g - a) @ direction / (direction @ direction))
    off_line = float((g - a - share * direction).abs().max())
    return 0.0 <= share < 1.0 and off_line < 1e-3 * float(direction.abs().max()) \
        and not torch.equal(g, a)


def _quietly(learner, *args):
    """The learner's hard_lookup, or None where it raises (a second look, never the verdict)."""
    try:
        return learner.hard_lookup(*args)
    except LearnerProblem:
        return None


@case("hard_lookup: every score is below 0: the best key is the one whose score is nearest 0")
def test_hard_lookup_all_negative(learner, ref):
    query = torch.tensor([1.0, -2.0, 0.5, 1.0, -1.0])
    # row 0 is no classic mistake's row here: the worst key is row 4, the largest single
    # product and the products summed over the keys pick row 2, the nearest key row 3
    keys = torch.tensor([[-2.0, 1.0, -1.0, -1.0, 0.5],    # score -6
                         [-1.0, 0.5, 0.0, 0.0, 1.0],      # score -3
                         [1.0, 1.0, -2.0, -1.0, 0.5],     # score -3.5
                         [-1.0, 0.0, 0.0, 0.0, 0.5],      # score -1.5: the best
                         [-3.0, 2.0, 0.0, 0.0, 1.0]])     # score -8
    values = torch.arange(15.0).reshape(5, 3)
    got = learner.hard_lookup(query, keys, values)
    expected = ref.hard_lookup(query, keys, values)
    suspects = {**_classic_suspects(query, keys, values),
                ARGMIN: values[(keys @ query).argmin()]}
    if isinstance(got, torch.Tensor) and compare.same(got, values[0]) and \
            not compare.same(got, expected):
        # row 0 is what a best starting at 0 keeps when every score is negative; the same
        # code finds the right row once the scores are positive (the query turned round)
        turned = learner.hard_lookup(-query, keys, values)
        if compare.same(turned, ref.hard_lookup(-query, keys, values)):
            suspects[BEST_FROM_ZERO] = values[0]
    abs_row = values[(keys @ query).abs().argmax()]
    if isinstance(got, torch.Tensor) and compare.same(got, abs_row) and \
            not compare.same(got, expected):
        # the largest |score| is the worst key's here (row 4), so argmin and the best score
        # as an index (-1.5 -> -1) give that row too; with the query turned round the
        # largest |score| is the best score: only argmax of |scores| gets that right
        # (argmin gives row 3, the best score 8 is no row)
        if compare.same(_quietly(learner, -query, keys, values),
                        ref.hard_lookup(-query, keys, values)):
            suspects = {ABS_SCORE: abs_row}
    compare.close(got, expected, suspects=suspects)


@property_case("hard_lookup: float64 in, float64 out")
def test_hard_lookup_float64(learner, gen):
    dtype_kept(learner, "hard_lookup", *_inputs(gen, torch.float64))


@property_case("hard_lookup: float16 in, float16 out")
def test_hard_lookup_float16(learner, gen):
    query, keys, values = _inputs(gen, torch.float64)
    keys[2] = 2 * query  # far ahead of the others: float16's rounding cannot change the winner
    dtype_kept(learner, "hard_lookup", query.half(), keys.half(), values.half(),
               expected=torch.float16)


@case("soft_lookup: random inputs give the softmax-weighted average of the values")
def test_soft_lookup_random(learner, ref, gen):
    learner.expect(QUERY_FIRST_CODE)
    query, keys, values = _inputs(gen)
    compare.close(learner.soft_lookup(query, keys, values), ref.soft_lookup(query, keys, values),
                  suspects=_soft_suspects(query, keys, values))


@case("soft_lookup: equal scores give the plain mean of the values")
def test_soft_lookup_equal_scores(learner, ref, gen):
    keys = torch.ones(N, D)
    query = randn(gen, D)
    values = randn(gen, N, D_V)
    compare.close(learner.soft_lookup(query, keys, values), values.mean(0),
                  suspects={SINGLETON: values.sum(0), NO_SOFTMAX: (keys @ query) @ values,
                            MEAN_AGAIN: values.mean(0) / N})


@property_case("soft_lookup: large scores (in the hundreds) stay finite")
def test_soft_lookup_large(learner, ref, gen):
    query, keys, values = _inputs(gen, scale=100.0)
    compare.close(learner.soft_lookup(query, keys, values), ref.soft_lookup(query, keys, values),
                  suspects=_soft_suspects(query, keys, values))


@case("soft_lookup: gradients flow to query, keys and values")
def test_soft_lookup_gradients(learner, ref, gen):
    args = list(_inputs(gen))
    try:
        gradients(learner, ref.soft_lookup, "soft_lookup", args, [0, 1, 2],
                  ["query", "keys", "values"], gen)
    except compare.CaseFailure as failure:
        # a soft lookup that is really a hard one has no gradient to query and keys: say so
        got = learner.soft_lookup(*args)
        query, keys, values = args
        if isinstance(got, torch.Tensor) and list(got.shape) == [D_V] and torch.equal(
                got.detach(), values[(keys @ query).argmax()]):
            raise compare.CaseFailure(failure.summary, expected=failure.expected, got=failure.got,
                                      likely=HARD_FOR_SOFT, check=Check.GRADIENT) from None
        raise


@property_case("soft_lookup: float64 in, float64 out")
def test_soft_lookup_float64(learner, gen):
    dtype_kept(learner, "soft_lookup", *_inputs(gen, torch.float64))


@property_case("soft_lookup: float16 in, float16 out, close to the exact result")
def test_soft_lookup_float16(learner, ref, gen):
    learner.property_case()
    half = [x.half() for x in _inputs(gen, torch.float64)]
    got = compare.tensor(learner.soft_lookup(*half))
    compare.dtype(got, torch.float16)
    # float16 keeps about 3 digits: the exact lookup of the float16 inputs, to that precision
    compare.close(got, ref.soft_lookup(*(x.double() for x in half)), rtol=2e-2, atol=2e-2)


@property_case("neither function changes its inputs")
def test_inputs_unchanged(learner, gen):
    names = ["query", "keys", "values"]
    unchanged(learner, "hard_lookup", names, *_inputs(gen))
    unchanged(learner, "soft_lookup", names, *_inputs(gen))
