"""Hidden cases for exercise 05, softmax."""
import torch

from checker.judge import compare
from checker.judge.results import Check
from checker.judge.cases.support import property_case
from checker.judge.cases.mistakes import softmax_mistakes
from checker.judge.cases.support import (case, cause, dtype_kept, gradients, no_forbidden_source,
                                         randn, unchanged, values_correct)

GLOBAL_MAX = cause("ex05_global_max", "one max for the whole tensor: a row far below it "
                                      "underflows to 0 / 0; subtract each row's own max "
                                      "(keepdim=True)")
SUM_ALL = cause("ex05_sum_all", "each exp divided by the sum of the whole tensor: sum along "
                                "`dim` with keepdim=True")
NUMERATOR_UNSHIFTED = cause("ex05_numerator_unshifted",
                            "exp(x) on top but exp(x - max) below: every weight is off by the "
                            "factor exp(max); shift the numerator too")
DIM_IGNORED = cause("ex05_dim_ignored", "a softmax over the last dimension: is `dim` ignored?")
DIM_ZERO = cause("ex05_dim_zero", "a softmax over dim 0 instead of the last dimension")
NO_KEEPDIM = cause("ex05_no_keepdim", "a max or sum along `dim` without keepdim=True: the "
                                      "reduced axis disappears and no longer lines up with x")
REPLACED_INF = cause("ex05_replaced_inf", "-inf entries replaced (by 0 or a finite number) "
                                          "before the softmax, so they get weight: keep them, "
                                          "exp(-inf) is exactly 0")
CLAMPED = cause("ex05_clamped", "blocked entries get a tiny positive weight: the exps were "
                                "clamped or an epsilon was added; exp(-inf) is exactly 0 "
                                "already")
NOT_MOVED_BACK = cause("ex05_not_moved_back", "the softmax taken along the last axis after `dim` "
                                              "was moved there (`transpose(dim, -1)` or "
                                              "`movedim(dim, -1)`), and the axes never moved "
                                              "back: move them back the same way before "
                                              "returning, or reduce along `dim` itself")
SUM_LAST = cause("ex05_sum_last", "the max taken along `dim` but the sum along the last "
                                  "dimension (`sum(dim=-1)`): every reduction runs along `dim`")
MAX_LAST = cause("ex05_max_last", "the max taken along the last dimension (`amax(dim=-1)`) but "
                                  "the sum along `dim`: the shift then differs within each "
                                  "slice that is normalised; every reduction runs along `dim`")
NO_KEEPDIM_CODE = {r"\.(?:max|amax|sum)\(\s*(?:dim\s*=\s*)?dim\s*\)": NO_KEEPDIM}


def _suspects(x, dim=-1) -> dict:
    """What the classic softmax mistakes give for x along dim (NaN where they break)."""
    def norm(e):
        return e / e.sum(dim=dim, keepdim=True)
    found = {**softmax_mistakes(x, dim), GLOBAL_MAX: norm(torch.exp(x - x.max())),
             SUM_ALL: torch.exp(x - x.amax(dim, keepdim=True))
             / torch.exp(x - x.amax(dim, keepdim=True)).sum(),
             NUMERATOR_UNSHIFTED: torch.exp(x)
             / torch.exp(x - x.amax(dim, keepdim=True)).sum(dim, keepdim=True)}
    if x.dim() > 1 and dim not in (-1, x.dim() - 1):
        found[DIM_IGNORED] = torch.softmax(x, dim=-1)
        shifted = torch.exp(x - x.amax(dim, keepdim=True))
        found[SUM_LAST] = shifted / shifted.sum(dim=-1, keepdim=True)
        found[MAX_LAST] = norm(torch.exp(x - x.amax(dim=-1, keepdim=True)))
        right = torch.softmax(x, dim)
        found[NOT_MOVED_BACK] = right.transpose(dim, -1)
        found[NOT_MOVED_BACK(by="movedim")] = right.movedim(dim, -1)
    if x.dim() > 1 and dim in (-1, x.dim() - 1):
        found[DIM_ZERO] = torch.softmax(x, dim=0)
    return found


@case("the lesson's scores 0.1, 0.9, 0.2, 0.7 give about 0.16, 0.36, 0.18, 0.30")
def test_seed_example(learner, ref):
    x = torch.tensor([0.1, 0.9, 0.2, 0.7])
    compare.close(learner.softmax(x), ref.softmax(x), suspects=lambda: _suspects(x))


@case("random rows of 7 scores, softmax over the last dimension")
def test_random_rows(learner, ref, gen):
    x = randn(gen, 4, 7)
    learner.expect(NO_KEEPDIM_CODE)
    compare.close(learner.softmax(x), ref.softmax(x), suspects=lambda: _suspects(x))


@property_case("every row of weights sums to 1")
def test_rows_sum_to_one(learner, gen):
    learner.property_case()
    x = randn(gen, 2, 5, 6, scale=3.0)
    got = compare.tensor(learner.softmax(x))
    compare.shape(got, x.shape)
    sums = got.sum(dim=-1)
    compare.close(sums, torch.ones_like(sums), what="the sums of the rows", fix=(
        "divide each row by its own sum: keepdim=True keeps the reduced axis so it broadcasts"))
    values_correct(learner, "softmax", got, x)


@case("dim=0 normalises down the columns")
def test_dim_zero(learner, ref, gen):
    x = randn(gen, 5, 3)
    learner.expect(NO_KEEPDIM_CODE)
    compare.close(learner.softmax(x, dim=0), ref.softmax(x, dim=0),
                  suspects=lambda: _suspects(x, 0))


@case("a middle dimension (dim=1 of a [2, 3, 4] tensor, and dim=-2)")
def test_middle_dim(learner, ref, gen):
    x = randn(gen, 2, 3, 4)
    learner.expect(NO_KEEPDIM_CODE)
    compare.close(learner.softmax(x, dim=1), ref.softmax(x, dim=1),
                  what=compare.code("softmax(x, dim=1)"), suspects=lambda: _suspects(x, 1))
    compare.close(learner.softmax(x, dim=-2), ref.softmax(x, dim=-2),
                  what=compare.code("softmax(x, dim=-2)"))


@property_case("large inputs (±1e4, float32) stay finite and accurate")
def test_large_inputs(learner, ref, gen):
    x = randn(gen, 3, 6, scale=1e4)
    # float32 spacing near 1e4 is about 1e-3, so correct forms (logsumexp) differ that much
    compare.close(learner.softmax(x), ref.softmax(x), rtol=1e-3, atol=1e-3,
                  suspects=lambda: _suspects(x))


@property_case("rows of very different scales (one near -1e4, one near +1e4)")
def test_rows_of_different_scales(learner, ref, gen):
    x = torch.stack([randn(gen, 5) - 1e4, randn(gen, 5) + 1e4, randn(gen, 5)])
    compare.close(learner.softmax(x), ref.softmax(x), rtol=1e-3, atol=1e-3,
                  suspects=lambda: _suspects(x))


@case("-inf entries (masked scores) get a weight of exactly 0")
def test_minus_inf_entries(learner, ref, gen):
    x = randn(gen, 4, 6)
    blocked = torch.zeros(4, 6, dtype=torch.bool)
    blocked[0, 3:] = blocked[1, :2] = blocked[3, 5] = True
    x = x.masked_fill(blocked, float("-inf"))
    expected = ref.softmax(x)
    got = compare.tensor(learner.softmax(x), expected=expected)
    compare.shape(got, x.shape)
    exps = torch.exp(x - x.amax(-1, keepdim=True))
    replaced = torch.where(torch.isinf(x), torch.zeros_like(x), x)
    suspects = {REPLACED_INF: ref.softmax(replaced),
                CLAMPED: exps.clamp_min(1e-12) / exps.clamp_min(1e-12).sum(-1, keepdim=True)}
    if not bool((got[blocked] == 0).all()):
        tiny = bool(((got[blocked] > 0) & (got[blocked] < 1e-6)).all())
        replaced = torch.allclose(got.double(), suspects[REPLACED_INF].double(), atol=1e-5)
        compare.true(False, "a -inf score did not get weight exactly 0",
                     expected="0 at every -inf position", got=compare.describe(got),
                     likely=CLAMPED if tiny else REPLACED_INF if replaced else "",
                     check=Check.VALUES)
    compare.close(got, expected, suspects=suspects)


@property_case("float64 in, float64 out")
def test_float64(learner, ref, gen):
    x = randn(gen, 3, 5, dtype=torch.float64)
    dtype_kept(learner, "softmax", x)


@property_case("float32 in, float32 out")
def test_float32(learner, gen):
    x = randn(gen, 3, 5)
    dtype_kept(learner, "softmax", x, expected=torch.float32)


@property_case("float16 in, float16 out")
def test_float16(learner, gen):
    x = randn(gen, 3, 5, dtype=torch.float16)
    dtype_kept(learner, "softmax", x, expected=torch.float16)


@property_case("the input tensor is left unchanged")
def test_input_unchanged(learner, gen):
    unchanged(learner, "softmax", ["x"], randn(gen, 4, 5))


@case("the gradient matches the softmax's gradient")
def test_gradient(learner, ref, gen):
    gradients(learner, ref.softmax, "softmax", [randn(gen, 3, 5)], [0], ["x"], gen)


@property_case("the source uses no ready-made softmax")
def test_no_ready_made_softmax(learner, gen):
    no_forbidden_source(learner, "softmax", randn(gen, 3, 4),
                        expected="softmax built from exp, max and sum")
