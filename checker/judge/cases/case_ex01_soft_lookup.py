"""Hidden cases for exercise 01, hard and soft lookup."""
import torch

from checker.judge import compare
from checker.judge.cases.support import case, dtype_kept, gradients, randn, unchanged

D, N, D_V = 5, 6, 3  # key size, number of entries, value size: all different


def _inputs(gen, dtype=torch.float32, scale=1.0):
    return randn(gen, D, dtype=dtype, scale=scale), randn(gen, N, D, dtype=dtype), \
        randn(gen, N, D_V, dtype=dtype)


@case("hard_lookup: a query that matches one key exactly returns that key's value")
def test_hard_lookup_dictionary(learner, ref):
    keys = torch.eye(4, 5)              # four keys, each a different unit vector
    values = torch.arange(12.0).reshape(4, 3)
    query = torch.tensor([0.0, 0.0, 2.0, 0.0, 0.0])   # points along key 2
    compare.close(learner.hard_lookup(query, keys, values), ref.hard_lookup(query, keys, values),
                  suspects={"the key row, not the value row": keys[2],
                            "the value of the key with the SMALLEST score (argmin?)": values[0]})


@case("hard_lookup: random query, 6 keys of size 5, values of size 3")
def test_hard_lookup_random(learner, ref, gen):
    query, keys, values = _inputs(gen)
    scores = keys @ query
    compare.close(learner.hard_lookup(query, keys, values), ref.hard_lookup(query, keys, values),
                  suspects={"the value of the key with the SMALLEST score (argmin?)":
                            values[scores.argmin()],
                            "the best key itself instead of its value": keys[scores.argmax()]})


@case("hard_lookup: the winner has the largest dot product, not the nearest key")
def test_hard_lookup_dot_not_distance(learner, ref):
    query = torch.tensor([1.0, 0.0, 0.0, 0.0, 0.0])
    keys = torch.tensor([[0.9, 0.1, 0.0, 0.0, 0.0],     # nearest to the query
                         [3.0, 2.0, 0.0, 0.0, 0.0],     # largest dot product
                         [-1.0, 0.0, 0.0, 0.0, 0.0]])
    values = torch.tensor([[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]])
    compare.close(learner.hard_lookup(query, keys, values), ref.hard_lookup(query, keys, values),
                  suspects={"the value of the NEAREST key: the score is the dot product":
                            values[0]})


@case("hard_lookup: the score is the whole dot product, not its largest term")
def test_hard_lookup_whole_dot_product(learner, ref):
    query = torch.ones(5)
    keys = torch.tensor([[3.0, -2.0, -0.5, 0.0, 0.0],    # one large term, small sum
                         [1.0, 1.0, 1.0, 1.0, 0.5],      # the largest dot product
                         [-1.0, 0.5, 0.0, 0.0, 0.0]])
    values = torch.tensor([[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]])
    compare.close(learner.hard_lookup(query, keys, values), ref.hard_lookup(query, keys, values),
                  suspects={"the value of the key with the largest single product: sum the "
                            "products (a dot product) first": values[0]})


@case("hard_lookup: float64 in, float64 out")
def test_hard_lookup_float64(learner, gen):
    dtype_kept(learner, "hard_lookup", *_inputs(gen, torch.float64))


@case("soft_lookup: random inputs give the softmax-weighted average of the values")
def test_soft_lookup_random(learner, ref, gen):
    query, keys, values = _inputs(gen)
    scores = keys @ query
    compare.close(learner.soft_lookup(query, keys, values), ref.soft_lookup(query, keys, values),
                  suspects={
                      "the raw scores used as weights: a softmax is missing": scores @ values,
                      "scores divided by √d: there is no scaling in this exercise":
                          torch.softmax(scores / D**0.5, 0) @ values,
                      "the hard lookup: soft lookup blends every value": values[scores.argmax()],
                      "the plain sum of the values: was the softmax taken over an axis of size 1?":
                          values.sum(0),
                  })


@case("soft_lookup: equal scores give the plain mean of the values")
def test_soft_lookup_equal_scores(learner, ref, gen):
    keys = torch.ones(N, D)
    query = randn(gen, D)
    values = randn(gen, N, D_V)
    compare.close(learner.soft_lookup(query, keys, values), values.mean(0),
                  likely="with equal scores every value gets the same weight 1/n")


@case("soft_lookup: large scores (in the hundreds) stay finite")
def test_soft_lookup_large(learner, ref, gen):
    query, keys, values = _inputs(gen, scale=100.0)
    compare.close(learner.soft_lookup(query, keys, values), ref.soft_lookup(query, keys, values),
                  likely="exp of a large score overflows: use torch.softmax, or subtract the max")


@case("soft_lookup: gradients flow to query, keys and values")
def test_soft_lookup_gradients(learner, ref, gen):
    gradients(learner, ref.soft_lookup, "soft_lookup", list(_inputs(gen)), [0, 1, 2],
              ["query", "keys", "values"], gen)


@case("soft_lookup: float64 in, float64 out")
def test_soft_lookup_float64(learner, gen):
    dtype_kept(learner, "soft_lookup", *_inputs(gen, torch.float64))


@case("neither function changes its inputs")
def test_inputs_unchanged(learner, gen):
    names = ["query", "keys", "values"]
    unchanged(learner, "hard_lookup", names, *_inputs(gen))
    unchanged(learner, "soft_lookup", names, *_inputs(gen))
