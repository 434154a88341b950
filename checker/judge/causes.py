"""Likely causes: the mistakes the report can name, each with a stable id.

A cause is the kit's guess at *why* a case failed ("your result matches X @ W_Q.T":
the weight was transposed). A wrong guess misleads a learner more than silence, so
every cause has an id, the kit's library of wrong implementations declares for each
file the cause it must be given (``tests/implementations/wrong``), and a test fails
when the report names another cause or none. The JSON report carries the id
(``failure.cause``), which is also what a class summary counts.

Causes shared by several exercises are defined here; an exercise's own causes are
defined at the top of its case file with the same ``cause(...)`` call. The text is
an English message id (``t()``): it is shown in the run's language.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from checker.i18n import N_, t

REGISTRY: dict[str, "Cause"] = {}


@dataclass(frozen=True)
class Cause:
    id: str
    text: str                      # English message id, may hold {placeholders}
    generic: bool = False          # a general hint (no mistake recognised), ranked lower
    values: tuple = ()             # placeholder values, filled with ``cause(name=...)``

    def __call__(self, **values) -> "Cause":
        """This cause with its placeholders filled in."""
        return replace(self, values=tuple(sorted(values.items())))

    def render(self) -> str:
        """The text in the run's language."""
        return t(self.text, **dict(self.values))


CANDIDATES = N_("more than one mistake fits what your code did: {candidates}")


def candidates(found: list[Cause]) -> Cause | None:
    """One cause for the mistakes that all fit the evidence: the one, or (several with
    different ids) a cause naming each candidate, with the ids joined by "|"."""
    unique: dict[str, Cause] = {}
    for one in found:
        unique.setdefault(one.id, one)
    if not unique:
        return None
    if len(unique) == 1:
        return next(iter(unique.values()))
    ids = sorted(unique)
    names = "; ".join(t("({n}) {text}", n=i + 1, text=unique[k].render())
                      for i, k in enumerate(ids))
    return Cause("|".join(ids), CANDIDATES, values=(("candidates", names),))


def cause(id: str, text: str, *, generic: bool = False) -> Cause:  # noqa: A002
    """Define (once) a cause with a stable id."""
    found = REGISTRY.get(id)
    if found is not None:
        if found.text != text:
            raise ValueError(f"cause {id!r} is defined twice with different texts")
        return found
    REGISTRY[id] = Cause(id, text, generic)
    return REGISTRY[id]


# ------------------------------------------------------------------- results
NOT_A_TENSOR_LIST = cause("result_is_list", "build the result with tensor operations instead of "
                                            "a Python list")
RESULT_TUPLE = cause("result_tuple", "a tuple came back where the contract asks for one tensor "
                                     "(`return a, b`, and `return a,` with its comma, make a "
                                     "tuple, and so do `chunk`, `split` and `unbind`): return "
                                     "one tensor, joined with `torch.stack` or `torch.cat` if "
                                     "it is made of pieces")
RESULT_TUPLE_ITEM = cause("result_tuple_item", "a tuple came back where the contract asks for "
                                               "one tensor, and its item `result[{at}]` is the "
                                               "right result: return that tensor alone, "
                                               "without the others")
RESULT_LIST_ITEM = cause("result_list_item", "a list came back where the contract asks for one "
                                             "tensor, and its item `result[{at}]` is the right "
                                             "result: return that tensor alone, without the "
                                             "list around it")
NO_RETURN = cause("no_return", "is a `return` statement missing?")
NUMPY_RESULT = cause("numpy_result", "stay in torch: numpy arrays are not accepted")
SUBCLASS_RESULT = cause("tensor_subclass", "return a plain tensor, e.g. build it with torch "
                                           "operations rather than wrapping it in a custom class")
NOT_A_TUPLE = cause("not_a_tuple", "return a tuple: `return {names}`")
LIST_NOT_TUPLE = cause("list_not_tuple", "a list came back; the contract asks for a tuple: "
                                         "`return {names}`")
COMPLEX_RESULT = cause("complex_result", "keep to real numbers: where does a complex dtype "
                                         "come in?")
WRONG_DEVICE = cause("wrong_device", "create tensors on the inputs' device")
DTYPE_CHANGED = cause("dtype_changed", "keep the input's dtype: avoid creating tensors with a "
                                       "fixed dtype or mixing in tensors of another dtype")
DTYPE_CAST = cause("dtype_cast", "`{code}` converts to {dtype}, and the result came back {dtype} "
                                 "for {expected} inputs: compute in the inputs' own dtype (leave "
                                 "the conversion out, or convert back with `.to(x.dtype)`)")
IN_PLACE = cause("in_place", "an in-place operation (a method ending in `_`, `+=`, `/=`, or an "
                             "assignment into a slice) changed the caller's tensor; compute a "
                             "new tensor instead")
IN_PLACE_LINE = cause("in_place_line", "`{code}` changes `{name}` in place, and `{name}` is the "
                                       "caller's tensor: compute a new tensor instead (`x = x / s` "
                                       "rather than `x /= s`, `masked_fill` rather than "
                                       "`masked_fill_`)")
IN_PLACE_ALIAS = cause("in_place_alias", "`{code}` changes `{alias}` in place, and `{alias} = "
                                         "{name}` made no copy: it is the caller's `{name}`; "
                                         "compute a new tensor (the method without the "
                                         "underscore), or copy first with `.clone()`")
MADE_FLOAT32 = cause("made_float32", "`{code}` makes a tensor without `dtype=`, so in float32 "
                                     "(torch's default), while the inputs are {dtype}: give it the "
                                     "inputs' dtype (e.g. `dtype=X.dtype`), or make it with a "
                                     "`*_like` function")
WHERE_FLOAT32 = cause("where_float32", "`{code}` makes a tensor with `torch.where` from two Python "
                                       "numbers, and such a tensor is float32 (torch's default), "
                                       "while the inputs are {dtype}: what it meets becomes "
                                       "float32 too; keep the scores' dtype with "
                                       "`scores.masked_fill(mask == 0, float('-inf'))`, or give "
                                       "`torch.where` the scores themselves as a branch "
                                       "(`torch.where(mask != 0, scores, float('-inf'))`)")
TAMPERED = cause("tampered", "the exercise's process was tampered with")

# -------------------------------------------------------------------- shapes
LAST_TWO_SWAPPED = cause("last_two_swapped", "the last two dimensions are swapped: is one "
                                             "operand transposed the wrong way?")
SCALAR_RESULT = cause("scalar_result", "a single number came back: is it an index or a score "
                                       "instead of a row?")
BATCH_DIMS_LOST = cause("batch_dims", "the number of dimensions differs: are leading batch "
                                      "dimensions kept? Use transpose(-2, -1) rather than .T or "
                                      "transpose(0, 1), and undo a reshape that flattened them.",
                        generic=True)
EXTRA_SIZE_ONE = cause("extra_size_one", "the result has an extra dimension of size 1 "
                                         "(at position {at}): `keepdim=True`, `unsqueeze`, a "
                                         "`reshape` or `view` that names sizes of its own, or "
                                         "indexing with a one-element tensor makes one; keep "
                                         "the shape the inputs give")
KEEPDIM_INDEX = cause("keepdim_index", "`{code}` keeps the reduced dimension (`keepdim=True`), so "
                                       "the index is a one-element tensor, and indexing with it "
                                       "keeps a dimension of size 1 in the result: take the "
                                       "index without `keepdim`")
SLICE_OF_ONE = cause("slice_of_one", "`{code}` takes a slice of length one (`{part}`), and a "
                                     "slice keeps the axis it cuts, with size 1: index with "
                                     "the position itself (`values[i]`) to drop that axis")
BOOL_INDEX_LINE = cause("bool_index_line", "`{code}` indexes with a boolean mask, which keeps the "
                                           "rows (or entries) where the mask is True, stacked "
                                           "along a new first axis, one per True: the result gets "
                                           "a dimension of its own (of size 1 for one True, "
                                           "larger with ties); index with a single position, an "
                                           "integer such as `torch.argmax(...)`, to get the row "
                                           "itself")
FLATTENED_BATCH = cause("flattened_batch", "`{code}` flattens the leading batch dimensions into "
                                           "one, and the result keeps that shape: `@` works with "
                                           "any number of leading dimensions, so leave the "
                                           "reshape out (or give the result back the input's "
                                           "leading dimensions)")
LOOP_FIRST_AXIS = cause("loop_first_axis", "`{code}` walks the first axis of `{name}`, which is a "
                                           "batch axis when the inputs have batch dimensions, not "
                                           "the rows you meant: `@` handles every row, and every "
                                           "batch, at once")
LOOP_AS_BATCH = cause("loop_as_batch", "`{code}` walks the first axis of `{name}` as if it were a "
                                       "batch, and here there is none: the first axis holds the "
                                       "rows, so each step multiplies a single row; `@` handles "
                                       "any number of batch dimensions, none included")
MASK_AXES = cause("mask_axes", "`{code}` gives the mask axes of its own (the [B, 1, 1, n_k] layout of "
                               "a padding mask), and the result takes them: the mask has the "
                               "scores' shape [..., n_q, n_k] or broadcasts to it; use it as it is")
FRONT_AXIS = cause("front_axis", "`{code}` counts axis {axis} from the front (`{part}`), and with "
                                 "this case's leading batch dimensions that axis is a batch axis, "
                                 "not the positions: count the axes from the end (the positions "
                                 "are `X.size(-2)`, one of them `X[..., t : t + 1, :]`), so that "
                                 "none, one or several batch dimensions all work")
SQUEEZED = cause("squeezed", "a dimension of size 1 is missing: `.squeeze()` without a dim "
                             "drops every size-1 dimension (a single query, a batch of one); "
                             "keep the shape the inputs give")
SHAPE_GENERIC = cause("shape_generic", "check which dimensions each operand contributes to the "
                                       "result", generic=True)

# ------------------------------------------------------------------- values
INF_PRODUCT = cause("inf_product", "`{code}` multiplies by infinity, and 0 * inf is NaN: the "
                                   "positions the mask allows became NaN; block with "
                                   "`masked_fill(mask == 0, float('-inf'))` or `torch.where`")
NAN_RESULT = cause("nan_result", "the result contains NaN: an overflow (exp of a large number), "
                                 "0/0, or inf - inf somewhere?", generic=True)

# ---------------------------------------------------------------- gradients
DETACHED = cause("detached", "is something detached (.detach(), .data, torch.no_grad(), "
                             ".item(), argmax, a tensor rebuilt from Python numbers)?")
DETACH_LINE = cause("detach_line", "`{code}` detaches: no gradient flows back through what it "
                                   "makes, and the gradient is wrong (only a constant shift, such "
                                   "as the max, may be detached)")
NO_GRAD_LINE = cause("no_grad_line", "`{code}` turns autograd off for the lines under it: what "
                                     "they compute has no gradient, so none flows back to the "
                                     "inputs; compute without it")
REBUILT = cause("rebuilt_tensor", "`{code}` builds a new tensor with `torch.tensor(...)`, which "
                                 "copies the values and leaves autograd behind: no gradient "
                                 "flows back through it; keep the computation in tensor "
                                 "operations (`torch.stack`, `@`, `.sum()`)")
NUMBERS_LINE = cause("numbers_line", "`{code}` turns a tensor into Python numbers (`{call}`), and "
                                     "autograd does not follow numbers: no gradient flows back "
                                     "through what is made from them; leave `{call}` out and "
                                     "keep the computation in tensor operations (indexing, `@`, "
                                     "`.sum()`)")
PARTIAL_DETACH = cause("partial_detach", "the result is right but its gradient is not: part of "
                                         "the computation is detached or runs under "
                                         "torch.no_grad() (only a constant shift, such as the "
                                         "max, may be)")
NO_GRADIENT_TO = cause("no_gradient_to", "something between `{name}` and the result is cut off "
                                         "from autograd: .detach(), .data, torch.no_grad(), "
                                         ".item() or .tolist(), argmax, or a tensor rebuilt "
                                         "from Python numbers")

# ------------------------------------------------------------------ the rules
FORBIDDEN_CALL = cause("forbidden_call", "this exercise asks you to build it yourself: see "
                                         "RULES in the file's docstring")
