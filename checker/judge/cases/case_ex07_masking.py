"""Hidden cases for exercise 07, the causal mask and applying a mask."""
import torch

from checker.judge import compare
from checker.i18n import t
from checker.judge.cases.support import values_correct
from checker.judge.cases.support import BATCH2, N_K, N_Q, case, rand_mask, randn, unchanged

INF = float("-inf")


def _mask_suspects(n):
    ones = torch.ones(n, n, dtype=torch.bool)
    return {t("the upper triangle (triu): position i would see the future"): torch.triu(ones),
            t("the lower triangle without the diagonal: a position must see itself"):
                torch.tril(ones, -1)}


@case("causal_mask(4) is the 4 x 4 lower triangle of the lesson's picture")
def test_causal_mask_4(learner, ref):
    got = compare.tensor(learner.causal_mask(4))
    compare.close(got, ref.causal_mask(4), exact=True, suspects=_mask_suspects(4))


@case("causal_mask(3) for a 3-token sentence, and causal_mask(1)")
def test_causal_mask_3_and_1(learner, ref):
    compare.close(learner.causal_mask(3), ref.causal_mask(3), exact=True,
                  what=compare.code("causal_mask(3)"), suspects=_mask_suspects(3))
    compare.close(learner.causal_mask(1), ref.causal_mask(1), exact=True,
                  what=compare.code("causal_mask(1)"))


@case("causal_mask returns a torch.bool tensor")
def test_causal_mask_bool(learner):
    result = learner.causal_mask(5)
    compare.dtype(compare.tensor(result), torch.bool, likely="create it with dtype=torch.bool "
                                                             "(torch.ones(n, n) alone gives float32)")
    values_correct(learner, "causal_mask", result, 5)


@case("causal_mask(n, device='meta') is built on that device")
def test_causal_mask_device(learner):
    got = compare.tensor(learner.causal_mask(6, device="meta"))
    compare.true(got.device.type == "meta", "the mask is not on the requested device",
                 expected="device 'meta'", got=t("device '{device}'", device=got.device.type),
                 likely="pass device=device to the function that creates the tensor")
    compare.shape(got, (6, 6))
    values_correct(learner, "causal_mask", learner.causal_mask(6), 6)  # the same mask on the CPU


@case("apply_mask: blocked positions (False) become exactly -inf")
def test_blocked_are_minus_inf(learner, gen):
    scores, mask = randn(gen, N_Q, N_K), rand_mask(gen, N_Q, N_K)
    got = compare.tensor(learner.apply_mask(scores, mask))
    compare.shape(got, scores.shape)
    blocked = got[~mask]
    if not bool((blocked == INF).all()):
        wrong = blocked[blocked != INF][0].item()
        likely = {-1e9: t("use float('-inf'), not -1e9: exercise 07 asks for exactly -inf"),
                  0.0: t("multiplying by the mask gives 0, not -inf: use masked_fill")}.get(
                      wrong, t("is the mask inverted? False means blocked"))
        raise compare.CaseFailure("a blocked position is not -inf", expected=compare.code("-inf"),
                                  got=compare.code(f"{wrong}"), likely=likely)


@case("apply_mask: allowed positions (True) keep their scores exactly")
def test_allowed_are_kept(learner, gen):
    scores, mask = randn(gen, N_Q, N_K), rand_mask(gen, N_Q, N_K)
    got = compare.tensor(learner.apply_mask(scores, mask))
    compare.shape(got, scores.shape)
    compare.close(got[mask], scores[mask], exact=True, what="the allowed scores",
                  likely="is the mask inverted? True means 'may attend'")


@case("apply_mask with a causal mask matches the reference")
def test_causal(learner, ref, gen):
    scores = randn(gen, 5, 5)
    mask = torch.tril(torch.ones(5, 5, dtype=torch.bool))
    compare.close(learner.apply_mask(scores, mask), ref.apply_mask(scores, mask), exact=True,
                  suspects={"the mask applied the other way round: False means blocked":
                            scores.masked_fill(mask, INF)})


@case("a 0/1 float64 mask works like a bool mask")
def test_float_mask(learner, ref, gen):
    scores, mask = randn(gen, N_Q, N_K), rand_mask(gen, N_Q, N_K).double()
    compare.close(learner.apply_mask(scores, mask), ref.apply_mask(scores, mask), exact=True,
                  likely="`~mask` only works on bool tensors; `mask == 0` works for any dtype")


@case("an int64 0/1 mask works like a bool mask")
def test_int_mask(learner, ref, gen):
    scores, mask = randn(gen, N_Q, N_K), rand_mask(gen, N_Q, N_K).long()
    compare.close(learner.apply_mask(scores, mask), ref.apply_mask(scores, mask), exact=True,
                  likely="`~mask` flips every bit of an integer (1 becomes -2): compare with 0")


@case("the mask's dtype never changes the scores' dtype (float64 mask, float32 scores)")
def test_mask_dtype_kept(learner, gen):
    scores, mask = randn(gen, N_Q, N_K), rand_mask(gen, N_Q, N_K).double()
    got = compare.tensor(learner.apply_mask(scores, mask))
    compare.dtype(got, torch.float32, likely="mixing the float64 mask into arithmetic promotes "
                                             "the result; masked_fill keeps the scores' dtype")
    values_correct(learner, "apply_mask", got, scores, mask)


@case("a [7] key mask broadcasts over [2, 3, 4, 7] scores")
def test_broadcast(learner, ref, gen):
    scores = randn(gen, *BATCH2, N_Q, N_K)
    mask = torch.tensor([True, True, False, True, False, True, True])
    compare.close(learner.apply_mask(scores, mask), ref.apply_mask(scores, mask), exact=True)


@case("float64 scores stay float64")
def test_float64(learner, gen):
    args = randn(gen, N_Q, N_K, dtype=torch.float64), rand_mask(gen, N_Q, N_K)
    got = compare.tensor(learner.apply_mask(*args))
    compare.dtype(got, torch.float64)
    values_correct(learner, "apply_mask", got, *args)


@case("the scores and the mask are left unchanged")
def test_inputs_unchanged(learner, gen):
    unchanged(learner, "apply_mask", ["scores", "mask"], randn(gen, N_Q, N_K),
              rand_mask(gen, N_Q, N_K))
