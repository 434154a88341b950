"""Torch's words: every text of torch's that the kit reads, registered once with a call
that makes torch say it.

The diagnosis names a likely cause from the wording of an error ("mat1 and mat2 shapes
cannot be multiplied", "value cannot be converted to type c10::Half without overflow"),
and the forbidden-call refusals read the operators' kernels from the text of
``torch._C._dispatch_dump``. torch promises neither: a torch that words an error
differently would make the kit silently stop naming a cause, and one that lays out its
dispatch table differently would silently refuse less. What this module buys is that such
a change is loud: each pattern lives here, once, beside a small snippet that provokes the
text on the installed torch (``Words.provoke``), and ``tests/test_torch_words.py`` runs
every snippet and fails, naming the pattern and quoting what torch said, when a torch no
longer says what the kit reads (the compatibility run runs that test in each
environment).

The readers (``judge/diagnose.py``, ``engine/forbidden.py``, a case file) take their
patterns from here (``TORCH_WORDS[name].regex``, or ``any_of`` for a pattern made of
several torch phrasings); a pattern written inline in a reader is a pattern nobody
tests. The module imports no torch: a snippet gets it as its argument.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Callable

ERROR = "error"  # the text is an exception's message: the snippet raises it
TEXT = "text"    # the text is what the snippet returns (a dump of torch's tables)


@dataclass(frozen=True)
class Words:
    name: str
    pattern: str              # a regular expression, exactly as the reader matches it
    provoke: tuple            # snippets, each ``(torch) -> ...``: every one makes torch say it
    error: str = ""           # the exception's type (an ERROR entry), checked with the words
    flags: int = 0
    kind: str = ERROR
    found: int = 1            # distinct matches the reader needs (``findall``)
    reader: str = ""          # where the kit reads it, and what it names from it
    legacy: str = ""          # words no snippet makes this torch say: why they are kept
    regex: re.Pattern = field(init=False, repr=False, compare=False)

    def __post_init__(self):
        object.__setattr__(self, "regex", re.compile(self.pattern, self.flags))

    def search(self, text: str):
        return self.regex.search(text)


TORCH_WORDS: dict[str, Words] = {}


def said(name: str, pattern: str, *provoke: Callable, error: str = "", flags: int = 0,
         kind: str = ERROR, found: int = 1, reader: str = "", legacy: str = "") -> Words:
    """Register (once) a text of torch's that the kit reads, with the snippets that make
    torch say it; without a snippet, ``legacy`` says why the words are kept."""
    if name in TORCH_WORDS:
        raise ValueError(f"torch's words {name!r} are registered twice")
    if not provoke and not legacy:
        raise ValueError(f"torch's words {name!r} need a snippet that provokes them")
    TORCH_WORDS[name] = Words(name, pattern, tuple(provoke), error, flags, kind, found,
                              reader, legacy)
    return TORCH_WORDS[name]


def literal(name: str, words: str, *provoke: Callable, **options) -> Words:
    """Words the reader looks for as they are (``words in message``), escaped only where
    a character means something to a regular expression (so the pattern reads as said)."""
    return said(name, re.sub(r"([.^$*+?{}\[\]\\|()])", r"\\\1", words), *provoke, **options)


def any_of(*words: Words, flags: int = 0) -> re.Pattern:
    """One pattern that matches where any of ``words`` does (a reader that accepts several
    phrasings of one error), compiled with ``flags``."""
    return re.compile("|".join(w.pattern for w in words), flags)


# ------------------------------------------------------------------------ the snippets
# Each takes torch and makes it speak; small tensors on the CPU (the meta device where the
# kit's own cases meet the words there), no CUDA, nothing torch 2.5 lacks.
def _half_fill(torch):
    return torch.zeros(2, dtype=torch.float16).masked_fill(torch.tensor([True, False]), -1e9)


def _mm_3d(torch):
    return torch.mm(torch.randn(2, 3, 4), torch.randn(2, 4, 3))


def _mm_widths(torch):
    return torch.randn(4, 6) @ torch.randn(5, 3)


def _batched_widths(torch):
    return torch.randn(2, 4, 6) @ torch.randn(2, 5, 3)


def _broadcast(torch):
    return torch.randn(2, 3) + torch.randn(4, 3)


def _einsum_rank(torch):
    return torch.einsum("qd,kd->qk", torch.randn(2, 3, 4), torch.randn(2, 3, 4))


def _bmm_2d(torch):
    return torch.bmm(torch.randn(3, 4), torch.randn(4, 3))


def _meta_meets_cpu(torch):
    return torch.randn(2, 3, device="meta") + torch.randn(2, 3)


def _sdpa_meta_key(torch):
    return torch.nn.functional.scaled_dot_product_attention(
        torch.randn(1, 2, 3), torch.randn(1, 2, 3, device="meta"), torch.randn(1, 2, 3))


def _mm_dtypes(torch):
    return torch.randn(2, 3) @ torch.randn(3, 2, dtype=torch.float64)


def _bmm_dtypes(torch):
    return torch.randn(2, 2, 3) @ torch.randn(2, 3, 2, dtype=torch.float64)


def _mm_half(torch):
    return torch.randn(2, 3) @ torch.randn(3, 2, dtype=torch.float16)


def _mm_bfloat16(torch):
    return torch.randn(2, 3, dtype=torch.bfloat16) @ torch.randn(3, 2, dtype=torch.float64)


def _permute_rank(torch):
    return torch.randn(3, 4).permute(1, 0, 2)


def _unpack(torch):
    n, d = torch.randn(2, 3, 4).shape
    return n, d


def _in_place_needed(torch):
    x = torch.randn(3, requires_grad=True)
    w = torch.exp(x)
    w.mul_(2)
    w.sum().backward()


# --------------------------------------------------------- read by judge/diagnose.py
FILL_OVERFLOW = said(
    "fill_overflow", r"without overflow", _half_fill, error="RuntimeError", flags=re.I,
    reader="diagnose: float16_fill (with the dtype named, fill_names_half)")
FILL_OVERFLOW_AT_HALF = said(
    "fill_overflow_at_half", r"cannot be converted to type at::Half", flags=re.I,
    reader="diagnose: float16_fill",
    legacy="an older torch's wording (this torch says c10::Half); the same message says "
           "'without overflow', which fill_overflow reads")
FILL_NAMES_HALF = said(
    "fill_names_half", r"Half|float16", _half_fill, error="RuntimeError",
    reader="diagnose: float16_fill (the overflow is float16's)")
INT_OVERFLOW = said(
    "int_overflow", r"converted to type u?(?:int|long)\w* without overflow",
    lambda torch: torch.zeros(2, dtype=torch.long).masked_fill(torch.tensor([True, False]),
                                                               float("-inf")),
    lambda torch: torch.zeros(2, dtype=torch.int32).masked_fill(torch.tensor([True, False]),
                                                                float("-inf")),
    error="RuntimeError", reader="diagnose: inf_in_int")

# ... a 2-D-only call meeting batched inputs (diagnose._MATRIX, case-insensitive)
MUST_BE_A_MATRIX = said("must_be_a_matrix", r"must be a matrix", _mm_3d, error="RuntimeError",
                        reader="diagnose: two_d_only and its kin")
MUST_BE_A_2D = said("must_be_a_2d", r"must be a 2D", reader="diagnose: two_d_only and its kin",
                    legacy="no dense operation of this torch says it on the CPU (torch.mm "
                           "says 'self must be a matrix', on the meta device 'a must be 2D')")
TWO_D_TENSOR = said("two_d_tensor", r"2D tensor",
                    lambda torch: torch.pdist(torch.randn(2, 3, 4)),
                    error="RuntimeError", reader="diagnose: two_d_only and its kin")
MAT1_AND_MAT2 = said("mat1_and_mat2", r"mat1 and mat2", _mm_widths, error="RuntimeError",
                     reader="diagnose: two_d_only (not a `.T` right of `@`), "
                            "misplaced_transpose, widths_differ")
SHAPES_CANNOT_BE_MULTIPLIED = said(
    "shapes_cannot_be_multiplied", r"shapes cannot be multiplied", _mm_widths,
    error="RuntimeError", reader="diagnose: two_d_only and its kin")
BMM_3D_TENSOR = literal("bmm_3d_tensor", "must be a 3D tensor", _bmm_2d, error="RuntimeError",
                        reader="diagnose: bmm_3d, two_d_only and its kin")
EINSUM_CALL = said("einsum_call", r"einsum\(\)", _einsum_rank, error="RuntimeError",
                   reader="diagnose: einsum_fixed_dims")
EINSUM_SUBSCRIPT = said("einsum_subscript", r"subscript", _einsum_rank, error="RuntimeError",
                        reader="diagnose: einsum_fixed_dims")
DIMENSION_OUT_OF_RANGE = literal(
    "dimension_out_of_range", "Dimension out of range",
    lambda torch: torch.randn(2, 3).transpose(1, 2), error="IndexError",
    reader="diagnose: fixed_permute (a fixed transpose); also among the 2-D-only words, "
           "which are read for a RuntimeError only")
SIZE_OF_TENSOR_A = said("size_of_tensor_a", r"size of tensor a", _broadcast,
                        error="RuntimeError", reader="diagnose: two_d_only and its kin")
EXPECTED_2D = said(
    "expected_2d", r"expected 2D",
    lambda torch: torch.nn.functional.conv1d(torch.randn(2, 3, 4, 5), torch.randn(1, 3, 2)),
    error="RuntimeError", flags=re.I, reader="diagnose: two_d_only and its kin")
EXPECTED_3D = said(
    "expected_3d", r"expected 3D",
    lambda torch: torch.nn.functional.conv2d(torch.randn(2, 3), torch.randn(1, 3, 1, 1)),
    error="RuntimeError", flags=re.I, reader="diagnose: two_d_only and its kin")
BATCH_TENSOR = said("batch_tensor", r"dimensions of batch\d tensor", _batched_widths,
                    error="RuntimeError", reader="diagnose: two_d_only and its kin")
MATRIX_WORDS = (MUST_BE_A_MATRIX, MUST_BE_A_2D, TWO_D_TENSOR, MAT1_AND_MAT2,
                SHAPES_CANNOT_BE_MULTIPLIED, BMM_3D_TENSOR, EINSUM_CALL, EINSUM_SUBSCRIPT,
                DIMENSION_OUT_OF_RANGE, SIZE_OF_TENSOR_A, EXPECTED_2D, EXPECTED_3D,
                BATCH_TENSOR)
MATMUL_SHAPES = said("matmul_shapes", r"\((\d+)x(\d+) and (\d+)x(\d+)\)", _mm_widths,
                     error="RuntimeError",
                     reader="diagnose: the operands' sizes (misplaced_transpose, widths_differ)")

# ... two devices met (diagnose._DEVICE, case-insensitive, and "device" in the message)
SAME_DEVICE = said("same_device", r"same device", _sdpa_meta_key, error="RuntimeError",
                   reader="diagnose: device_mix, made_on_cpu")
ON_THE_EXPECTED_DEVICE = said("on_the_expected_device", r"on the expected device",
                              _meta_meets_cpu, error="RuntimeError",
                              reader="diagnose: device_mix, made_on_cpu")
DEVICE_TYPE = said("device_type", r"device type", _sdpa_meta_key, error="RuntimeError",
                   reader="diagnose: device_mix, made_on_cpu")
META = said("meta", r"meta", _meta_meets_cpu, error="RuntimeError",
            reader="diagnose: device_mix, made_on_cpu")
DEVICE_WORDS = (SAME_DEVICE, ON_THE_EXPECTED_DEVICE, DEVICE_TYPE, META)
DEVICE = said("device", r"device", _meta_meets_cpu, _sdpa_meta_key, error="RuntimeError",
              flags=re.I, reader="diagnose: device_mix, made_on_cpu (the word itself)")

# ... Python's own words, read the same way
UNPACK = said("unpack", r"(?:not enough|too many) values to unpack \(expected (\d+)", _unpack,
              error="ValueError", reader="diagnose: fixed_rank_unpack (Python's words)")

SIZES_DIFFER = said(
    "sizes_differ", r"size of tensor a \((\d+)\) must match the size of tensor b \((\d+)\)",
    _broadcast, error="RuntimeError", reader="diagnose: fixed_size")
BOOL_INDEX = said(
    "bool_index", r"The shape of the mask \[[\d, ]*\] at index \d+ does not match",
    lambda torch: torch.randn(4, 7).__setitem__(torch.ones(4, 1, dtype=torch.bool), 0.0),
    error="IndexError", reader="diagnose: bool_index_assign")
BOOLEAN_VALUE = literal("boolean_value", "Boolean value of Tensor",
                        lambda torch: bool(torch.ones(3)), error="RuntimeError",
                        reader="diagnose: tensor_truth")
FLOAT_SIZE = said("float_size", r"tuple of ints,\s*but got float",
                  lambda torch: torch.randn(12).reshape(2, 6.0), error="TypeError",
                  reader="diagnose: float_size")
OPERATOR_INVERT = literal("operator_invert", "operator.invert", lambda torch: ~torch.randn(3),
                          error="TypeError", reader="diagnose: bitwise_not_mask")
ONLY_BOOLEAN_MASKS = literal(
    "only_boolean_masks", "only supports boolean masks",
    lambda torch: torch.randn(3).masked_fill(torch.ones(3), 0.0),
    lambda torch: torch.randn(3).masked_fill(~torch.ones(3, dtype=torch.long), 0.0),
    error="RuntimeError", reader="diagnose: bool_mask_needed, bitwise_not_mask")
WHERE_BOOLEAN = literal(
    "where_boolean", "where expected condition to be a boolean",
    lambda torch: torch.where(torch.ones(3), torch.randn(3), torch.randn(3)),
    error="RuntimeError", reader="diagnose: where_bool, bitwise_not_mask")
INVALID_SHAPE = said("invalid_shape", r"shape '\[[^\]]*\]' is invalid for input of size",
                     lambda torch: torch.randn(12).reshape(5, -1), error="RuntimeError",
                     reader="diagnose: bad_reshape")
VIEW_STRIDE = literal("view_stride", "view size is not compatible with input tensor's size "
                                     "and stride",
                      lambda torch: torch.randn(3, 4).transpose(0, 1).view(12),
                      error="RuntimeError", reader="diagnose: view_needs_contiguous, view_of_input")
PERMUTE_DIMS = said("permute_dims", r"number of dims don't match in permute",
                    reader="diagnose: fixed_permute",
                    legacy="torch 1's wording (its Vulkan backend's still); this torch says "
                           "'does not match the length of the desired ordering' "
                           "(permute_ordering)")
PERMUTE_ORDERING = said("permute_ordering", r"does not match the length of the desired ordering",
                        _permute_rank, error="RuntimeError", reader="diagnose: fixed_permute")
INPLACE_MODIFIED = literal("inplace_modified", "modified by an inplace operation",
                           _in_place_needed, error="RuntimeError",
                           reader="diagnose: in_place_autograd")
OUT_NO_AUTOGRAD = said(
    "out_no_autograd", r"with out=\.*\s*arguments don'?t support automatic differentiation",
    lambda torch: torch.div(torch.randn(3, requires_grad=True), 2.0, out=torch.empty(3)),
    error="RuntimeError", reader="diagnose: out_argument")
LEAF_IN_PLACE = literal(
    "leaf_in_place", "leaf Variable that requires grad is being used in an in-place",
    lambda torch: torch.randn(3, requires_grad=True).masked_fill_(
        torch.tensor([True, False, True]), 0.0),
    error="RuntimeError", reader="diagnose: in_place_input; cases.support: an input reshaped in "
                                 "place (a learner's check)")
M1_M2_DTYPE = literal("m1_m2_dtype", "expected m1 and m2 to have the same dtype", _mm_dtypes,
                      error="RuntimeError", reader="diagnose: dtype_mix and its lines")
SAME_DTYPE = said("same_dtype", r"same dtype", _mm_dtypes, error="RuntimeError",
                  reader="diagnose: dtype_mix and its lines")
SCALAR_TYPE = said("scalar_type", r"expected scalar type \w+ but found", _bmm_dtypes,
                   error="RuntimeError", reader="diagnose: dtype_mix and its lines")
DTYPE_WORDS = (M1_M2_DTYPE, SAME_DTYPE, SCALAR_TYPE)
DTYPE_NAMES = said(
    "dtype_names", r"(?<![\w.])(?:c10::)?(Half|BFloat16|Float|Double|half|float|double)\b",
    _mm_dtypes, _bmm_dtypes, _mm_half, _mm_bfloat16, error="RuntimeError", found=2,
    reader="diagnose: the two dtypes a dtype_mix cause names")
MUST_MATCH_THE_SIZE = said("must_match_the_size", r"must match the size", _broadcast,
                           error="RuntimeError", reader="diagnose: first_axis_slice")
SIZE_MISMATCH = said("size_mismatch", r"size mismatch",
                     lambda torch: torch.mv(torch.randn(2, 3), torch.randn(4)),
                     error="RuntimeError", reader="diagnose: first_axis_slice")
CANNOT_BE_MULTIPLIED = said("cannot_be_multiplied", r"cannot be multiplied", _mm_widths,
                            error="RuntimeError", reader="diagnose: first_axis_slice")
SHAPES_CANNOT = said("shapes_cannot", r"shapes cannot", _mm_widths, error="RuntimeError",
                     reader="diagnose: first_axis_slice")
SLICE_WORDS = (MUST_MATCH_THE_SIZE, SIZE_MISMATCH, CANNOT_BE_MULTIPLIED, SHAPES_CANNOT)
CONTRACTED_DIMENSIONS = literal(
    "contracted_dimensions", "contracted dimensions need to match",
    lambda torch: torch.tensordot(torch.randn(2, 4, 6), torch.randn(2, 7, 6), dims=1),
    error="RuntimeError", reader="diagnose: tensordot_first_axis")
CAT_SIZES = literal("cat_sizes", "Sizes of tensors must match except in dimension 0",
                    lambda torch: torch.cat([torch.randn(2, 3, 4), torch.randn(2, 1, 5)]),
                    error="RuntimeError", reader="diagnose: cat_default_dim")
CAT_SIZES_ANY = said("cat_sizes_any", r"Sizes of tensors must match except in dimension \d+",
                     lambda torch: torch.cat([torch.randn(2, 1, 4), torch.randn(0, 1, 4)],
                                             dim=-2),
                     error="RuntimeError",
                     reader="case_ex12: a cache that a token sliced from the batch axis "
                            "cannot join (ex12_slice_axis)")

# ------------------------------------------------------------ read by a case file
BROADCAST_MISMATCH = said(
    "broadcast_mismatch", r"tensor a \((\d+)\) must match the size of tensor b \((\d+)\) at "
                          r"non-singleton dimension (\d+)",
    _broadcast, error="RuntimeError",
    reader="case_ex11_multi_head: a mask without the heads' axis (mask_not_broadcast); "
           "case_ex15_grouped_query: what a mistake about the heads raises (K or V not "
           "repeated, heads counted or repeated at dim 1, a mask not split into the groups); "
           "case_ex09_self_and_cross: a square default mask in cross-attention "
           "(ex09_square_default_mask)")
STACK_SIZES = literal(
    "stack_sizes", "stack expects each tensor to be equal size",
    lambda torch: torch.stack([torch.randn(6, 5), torch.randn(6, 3)]), error="RuntimeError",
    reader="case_ex02_qkv_projection: the three weights stacked (ex02_stacked_weights)")
DIMENSION_RANGE = said(
    "dimension_range", r"Dimension out of range \(expected to be in range of \[(-\d+), (-?\d+)\]",
    lambda torch: torch.randn(5).transpose(-2, -1), error="IndexError",
    reader="case_ex12_kv_cache: a token taken with a single index, one dimension short "
           "(ex12_position_dropped)")

# ---------------------------------------------------- read by engine/forbidden.py
DISPATCH_KERNEL_LINE = said(
    "dispatch_kernel_line", r"^(\w+)(?:\[alias\])?: registered",
    lambda torch: torch._C._dispatch_dump("aten::_softmax"),
    lambda torch: torch._C._dispatch_dump("aten::scaled_dot_product_attention"),
    kind=TEXT, flags=re.M,
    reader="forbidden.kernel_keys: the dispatch keys whose kernels a refusal replaces")
