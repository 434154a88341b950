"""Likely causes for errors that the learner's own code raised.

When a learner's function raises, the worker sends back the exception's type and
message and the learner's own frames (file line and code). Some errors have one
classic reason that the message and the line of code give away: 2-D-only code
(``torch.mm``, ``.T``, an einsum without ``...``) meeting batched inputs, ``-1e9``
written into a float16 tensor, a mask on the CPU meeting an input elsewhere, a
float64 tensor meeting float32 ones. Only those are named; anything else gets
no cause (a wrong guess misleads more than silence).

Evidence: a cause is named only when the line that raised shows the mistake (a
2-D-only call on that line, a shape unpacked into a fixed number of names, the
fill value written there), or, for a case's own suspects (``code_suspects``), when
the mistake's code is on the raising line or on a line of the same function that
made a name the raising line uses. An error alone ("a RuntimeError in this case")
is never evidence; when two suspects have evidence, both are named as candidates.
"""
from __future__ import annotations

import re
import textwrap

from checker import torch_words as words
from checker.i18n import t
from checker.judge.causes import MADE_FLOAT32, WHERE_FLOAT32, Cause, cause

FLOAT16_FILL = cause(
    "float16_fill",
    "{value} does not fit in float16, whose largest number is 65504: fill blocked scores "
    "with float('-inf') (the lesson's choice) or torch.finfo(scores.dtype).min")
TWO_D_ONLY = cause(
    "two_d_only",
    "`{call}` works only on 2-D matrices, and this case has leading batch dimensions: use "
    "`@` with transpose(-2, -1) (or `.mT`), or an einsum with `...`")
EINSUM_FIXED = cause(
    "einsum_fixed_dims",
    "`{call}` names every dimension, so it fits only inputs with exactly that many, and this "
    "case has more leading batch dimensions: write `...` for them (e.g. '...qd,...kd->...qk')")
IN_PLACE_INPUT = cause(
    "in_place_input",
    "`{call}` changes a tensor in place, here one of the inputs (autograd refuses it on an "
    "input that requires grad, and the caller's tensor would change): use the form without "
    "the underscore, which makes a new tensor")
IN_PLACE_AUTOGRAD = cause(
    "in_place_autograd",
    "an in-place operation (`masked_fill_`, `+=`, `*=`, a slice assignment) changed a tensor "
    "that autograd still needs for the gradient: compute a new tensor instead (e.g. "
    "`masked_fill` without the underscore)")
OUT_ARGUMENT = cause(
    "out_argument",
    "`{code}` writes the result into a tensor given as `out=`, and autograd refuses `out=` "
    "when an input requires grad (the written tensor keeps no history): return what the "
    "operation itself gives (`a / b`, or the call without `out=`) instead of filling a "
    "tensor made beforehand")
DEVICE_MIX = cause(
    "device_mix",
    "tensors on two devices met in one operation: create every new tensor (a mask, an "
    "empty cache, a constant) on the input's device, e.g. `device=X.device`")
MISPLACED_TRANSPOSE = cause(
    "misplaced_transpose",
    "`{call}` transposes an operand that should keep its layout: in a matrix product the "
    "inner sizes must agree")
MADE_ON_CPU = cause(
    "made_on_cpu",
    "`{code}` makes a tensor without `device=`, so on the CPU, and it meets the input's "
    "device at this line: give it the input's device (e.g. `device=X.device`)")
TENSOR_TRUTH = cause(
    "tensor_truth", "`{code}` asks a whole tensor for one True or False, which only a "
                    "one-element tensor has: to test whether an argument was given, write "
                    "`if {name} is not None:`")
BOOL_INDEX_ASSIGN = cause(
    "bool_index_assign",
    "`{code}`: a boolean index must have the whole shape of the tensor it indexes (it does "
    "not broadcast), and this mask is smaller; `masked_fill(mask == 0, float('-inf'))` or "
    "`torch.where` broadcast the mask")
FIXED_SIZE = cause(
    "fixed_size",
    "`{code}` fixes a size at {size}, and this input has {actual} there: take the size from "
    "the input (the sequence length is `X.size(-2)`)")
WIDTHS_DIFFER = cause(
    "widths_differ",
    "the two operands of this product have different widths ({left} and {right}): the one "
    "on the right is not the tensor this line expects; look at what was passed in or built "
    "for it", generic=True)
WHERE_BOOL = cause(
    "where_bool",
    "torch.where wants a bool condition: turn a 0/1 mask into one with `mask != 0` (or "
    "`mask == 0` for the blocked positions)")
INF_IN_INT = cause(
    "inf_in_int",
    "-inf stored in an integer tensor (made in the mask's dtype?): a tensor that holds -inf "
    "must have the scores' float dtype")
BMM_3D = cause(
    "bmm_3d",
    "`torch.bmm` takes 3-D tensors only (exactly one batch dimension): `@` works with none, "
    "one or several")
BMM_FIXED_TRANSPOSE = cause(
    "bmm_fixed_transpose",
    "`torch.bmm` takes 3-D tensors only (exactly one batch dimension), and `{call}` names "
    "fixed dimensions to match it: together they fit only [batch, n, d] inputs; "
    "`Q @ K.transpose(-2, -1)` works with none, one or several leading dimensions")
BAD_RESHAPE = cause(
    "bad_reshape",
    "a reshape or view with sizes that do not multiply to the tensor's size: take each size "
    "from the tensor it belongs to (n_k is K.shape[-2], not Q's)")
BOOL_MASK_NEEDED = cause(
    "bool_mask_needed",
    "masked_fill wants a bool mask: turn a 0/1 mask into one with `mask == 0` (the blocked "
    "positions) rather than `~mask` or the mask as it is")
BITWISE_NOT_MASK = cause(
    "bitwise_not_mask",
    "`{code}` inverts the mask with `~`, which means \"not\" only for a bool mask: on a float "
    "0/1 mask it raises, and on an integer one it flips every bit (0 becomes -1 and 1 becomes "
    "-2, both true); find the blocked positions with `mask == 0` (or `mask.logical_not()`)")
FROM_NUMBERS = cause(
    "from_python_numbers",
    "`{code}` rebuilds a tensor from Python numbers: it comes out float32 whatever the inputs' "
    "dtype (here it met another), and no gradient flows through it; keep the computation in "
    "tensor operations (`@`, `.sum()`, `torch.exp`)")
# a tensor made from Python numbers: torch.tensor([... .item() ...]), torch.tensor(x.tolist())
_FROM_NUMBERS = r"\btorch\.(?:tensor|Tensor|FloatTensor)\((?![^\n]*\bdtype\s*=)[^\n]*(?:\.item\(\)|\.tolist\(\)|\bfor\b)"
DTYPE_MIX = cause(
    "dtype_mix",
    "tensors of two dtypes met in one operation: something made or converted with a fixed "
    "dtype (dtype=torch.float32, .float(), a float64 mask added to the scores) must follow "
    "the inputs' dtype instead; masks go in with masked_fill")

MASK_ADDED_LINE = cause(
    "mask_added_line",
    "`{code}` adds the mask to the scores: a 0/1 mask added blocks nothing (the allowed scores "
    "only grow by 1), and the mask's own dtype spreads into the scores, which then meet "
    "tensors of another dtype ({dtypes}); block with `scores.masked_fill(mask == 0, "
    "float('-inf'))` before the softmax")
MASK_TIMES_LINE = cause(
    "mask_times_line",
    "`{code}` multiplies by the mask, so the mask's own dtype spreads into the result, which "
    "then meets tensors of another dtype ({dtypes}): use the mask only to choose positions, "
    "`scores.masked_fill(mask == 0, float('-inf'))` before the softmax")
LOG_MASK_LINE = cause(
    "log_mask_line",
    "`{code}` adds the logarithm of the mask to the scores: log 0 = -inf blocks, but the "
    "mask's own dtype spreads into the scores, which then meet tensors of another dtype "
    "({dtypes}); block with `scores.masked_fill(mask == 0, float('-inf'))`")
CAST_MET = cause(
    "cast_met",
    "`{code}` converts to {dtype}, and what it makes then met tensors of another dtype "
    "({dtypes}): compute in the inputs' own dtype (leave the conversion out, or convert back "
    "with `.to(x.dtype)`)")
WRONG_ASSERT = cause(
    "wrong_assert",
    "`{code}` stopped a call whose inputs the exercise allows: the condition it tests is not "
    "one the inputs must meet; leave it out, or test the sizes the contract names")
KEPT_FROM_EARLIER = cause(
    "kept_from_earlier_call",
    "`{code}` makes `{name}` once, on the first call (only while it is still None), and the "
    "module keeps it: every later call uses the first call's tensor, with the first input's "
    "sizes and device, and this call's input differs from it; make it in each call from that "
    "call's own input (`X.size(-2)`, `device=X.device`)")
FIRST_AXIS_SLICE = cause(
    "first_axis_slice",
    "`{code}` slices the first axis (`{part}`), which is a batch axis when the inputs have "
    "batch dimensions: index the positions from the end, e.g. `K[..., : i + 1, :]`")
TENSORDOT_FIRST_AXIS = cause(
    "tensordot_first_axis",
    "`{code}`: `tensordot(a, b, dims=1)` pairs the last axis of `a` with the *first* axis of "
    "`b`, which is a batch axis here: `@` pairs the last axis with the second-to-last one and "
    "keeps the leading batch dimensions")
TRANSPOSE_FIRST_AXES = cause(
    "transpose_first_axes",
    "`{code}` swaps the first two axes (`transpose(0, 1)`), which are the last two only in a 2-D "
    "tensor: with batch dimensions they are a batch axis and the next one (the positions, for "
    "one batch dimension), so the product no longer fits; swap the last two, "
    "`transpose(-2, -1)` (or `.mT`)")
CAT_DIM0 = cause(
    "cat_default_dim",
    "`{code}` joins along dim 0, torch.cat's default, which is a batch axis when the inputs "
    "have batch dimensions: name the axis the tensors grow along (the positions: `dim=-2`)")

ONE_BATCH_DIM = cause(
    "fixed_rank_unpack",
    "`{code}` unpacks the shape into exactly {n} names, so it fits only inputs with exactly "
    "{n} dimensions, and this case's input has a different number (none, one or several "
    "leading batch dimensions are all allowed): take the sizes from the end, e.g. "
    "`n, d = X.shape[-2:]`, and keep the leading ones with `X.shape[:-2]`")

VIEW_NEEDS_CONTIGUOUS = cause(
    "view_needs_contiguous",
    "`.view()` needs a tensor whose memory is laid out in order, and a transpose or permute "
    "before it changed that: use `.reshape(...)` (or `.contiguous().view(...)`)")
VIEW_OF_INPUT = cause(
    "view_of_input",
    "`{code}` calls `.view()` on `{name}` as it was passed in, and a tensor passed in may be "
    "a view whose memory is not laid out in order (a transposed or sliced tensor, as here): "
    "`.view()` cannot regroup such memory; use `.reshape(...)`, which copies only when it "
    "must")
FIXED_PERMUTE = cause(
    "fixed_permute",
    "`{call}` names every dimension, so it fits only inputs with exactly that many, and this "
    "case has a different number of leading batch dimensions: count the dimensions from the "
    "end (the last two are transpose(-2, -1), the heads' axis and the positions "
    "transpose(-3, -2)), or use movedim with negative dimensions")

RETURN_PAIR = cause(
    "return_pair",
    "`{code}` uses what `{kind}` returns along a dim as if it were a tensor, but with a dim "
    "`{kind}` returns a pair (values, indices), a `torch.return_types.{kind}`: take its "
    "`.values` (e.g. `x.{kind}(dim, keepdim=True).values`), or use `x.a{kind}(dim, "
    "keepdim=True)`, which returns the tensor itself")
# a message that names a pair of (values, indices): 'torch.return_types.max'
_RETURN_PAIR = re.compile(r"\btorch\.return_types\.(max|min)\b")

FLOAT_SIZE = cause(
    "float_size",
    "a size computed with `/` is a float (12 / 4 is 3.0), and shapes take whole numbers: "
    "use `//` for sizes, e.g. d_model // h")

# torch's words, each registered (and tested against the installed torch) in torch_words
_OVERFLOW = words.any_of(words.FILL_OVERFLOW, words.FILL_OVERFLOW_AT_HALF, flags=re.I)
# a fill too large for float16: -1e9, -1e+09, -1000000000, torch.finfo(torch.float32).min
_FILL_VALUE = (r"\btorch\.finfo\(\s*torch\.(?:float32|float64|float|double)\s*\)\.(?:min|max)\b"
               r"|-?\d+(?:\.\d+)?e\+?\d+|-?\d{6,}")


def _fill_text(value: str) -> str:
    """A fill value as the cause quotes it: code in backticks, a number as written."""
    return f"`{value}`" if value.startswith("torch.") else value


_MATRIX = words.any_of(*words.MATRIX_WORDS, flags=re.I)
_DEVICE = words.any_of(*words.DEVICE_WORDS, flags=re.I)
_TWO_D_CALLS = (("torch.mm(", "torch.mm"), (".mm(", ".mm"), ("torch.outer(", "torch.outer"),
                ("torch.dot(", "torch.dot"), ("torch.mv(", "torch.mv"))


def _two_d_call(code: str) -> str:
    """The 2-D-only construct on a learner's line of code, if there is one."""
    for needle, name in _TWO_D_CALLS:
        if needle in code:
            return name
    if re.search(r"\.T\b(?!\w)", code):
        return ".T"
    if re.search(r"transpose\(\s*0\s*,\s*1\s*\)", code):
        return "transpose(0, 1)"
    einsum = re.search(r"einsum\(\s*['\"]([^'\"]*)['\"]", code)
    if einsum and "..." not in einsum.group(1):
        return f"einsum('{einsum.group(1)}')"
    return ""


def _transpose(code: str) -> str:
    found = re.search(r"\w+(?:\.T\b|\.mT\b|\.t\(\)|\.transpose\([^)]*\))", code)
    return found.group(0) if found else ""


_UNPACK = words.UNPACK.regex
_SHAPE_ASSIGN = re.compile(r"=\s*[\w.\[\]]+\.(?:shape|size\(\s*\))\s*(?:$|#)")
_MATMUL_SHAPES = words.MATMUL_SHAPES.regex
# a product whose right operand is transposed on its last two axes (Q @ K.transpose(-2, -1));
# read where the product is 2-D (the sizes of torch's `mat1 and mat2` words), so that a
# 2-D-only `.T` or `.t()` is that transpose too: right for 2-D inputs, never the mistake there
_RIGHT_TRANSPOSED = re.compile(r"@\s*[\w.\[\]]+(?:\.mT\b|\.T\b(?!\w)|\.t\(\)|"
                               r"\.transpose\(\s*-[12]\s*,\s*-[12]\s*\))")


# the right operand of `@` transposed with `.T` (`X @ W_Q.T`)
_RIGHT_T = re.compile(r"@\s*[\w.\[\]]+?\.T\b(?!\w)")


def _viewed_parameter(line: str, body: str) -> str:
    """The parameter of the raising function that ``line`` calls ``.view()`` on as it was
    passed in (``X.view(-1, d)`` where X is a parameter no earlier line reassigns), or ''."""
    import ast

    found = re.search(r"\b([A-Za-z_]\w*)\.view\(", line)
    header = re.search(r"^\s*def\s+\w+\s*\((.*?)\)\s*(?:->[^:]*)?:", body, re.M | re.S)
    if found is None or header is None:
        return ""
    try:
        node = ast.parse(textwrap.dedent(f"def f({header.group(1)}): pass")).body[0]
    except SyntaxError:
        return ""
    params = [a.arg for a in (*node.args.posonlyargs, *node.args.args, *node.args.kwonlyargs)]
    name = found.group(1)
    if name not in params:
        return ""

    def squashed(code: str) -> str:  # the code alone: the frame's line is respaced
        return re.sub(r"\s+", "", code.split("#", 1)[0])

    for other in body[header.end():].splitlines():
        if squashed(other) == squashed(line):
            return name
        if name in _assigned(other):
            return ""
    return ""


def _assigned(line: str) -> list[str]:
    """The names a line of code assigns (``a, b = ...`` gives a and b)."""
    found = re.match(r"\s*([A-Za-z_][\w\s,()\[\]]*?)\s*(?:[-+*/@]?=)(?!=)", line)
    return re.findall(r"[A-Za-z_]\w*", found.group(1)) if found else []


_FOR = re.compile(r"\s*for\s+([\w\s,()]+?)\s+in\s+(.+?):\s*$")
_GROWN = re.compile(r"\s*([A-Za-z_]\w*)\.(?:append|extend|insert)\((.*)\)\s*(?:#.*)?$")


def shows(pattern: str, line: str, body: str = "") -> bool:
    """Whether the raising ``line`` shows the mistake ``pattern`` describes: the pattern is
    on the line itself, or the line uses a name that was made from a line of ``body`` (the
    function that raised) where the pattern is, directly or through other assignments
    (``n = X.size(0)`` -> ``mask = tril(ones(n, n))`` -> the line that uses ``mask``)."""
    if re.search(pattern, line):
        return True
    lines = body.splitlines()
    made: set[str] = set()
    for _ in range(3):  # a few steps of assignments are enough for an exercise function
        for other in lines:
            loop = _FOR.match(other)  # `for w, v in zip(weights, values):` assigns w and v
            grown = _GROWN.match(other)  # `outs.append(out_t)` makes outs from out_t
            names = re.findall(r"[A-Za-z_]\w*", loop.group(1)) if loop else \
                [grown.group(1)] if grown else _assigned(other)
            rhs = loop.group(2) if loop else grown.group(2) if grown else \
                other.split("=", 1)[1] if names and "=" in other else ""
            if re.search(pattern, other) or any(
                    re.search(rf"\b{re.escape(name)}\b", rhs) for name in made):
                made.update(names)
    return any(re.search(rf"\b{re.escape(name)}\b", line) for name in made)


# a torch call that makes a new tensor (on the default device unless it is told one)
_FACTORY = re.compile(r"\btorch\.(?:ones|zeros|full|empty|eye|arange|tensor|rand|randn)\(")


# a factory called with whole numbers only: torch.ones(4, 4), torch.tril(torch.ones(4, 4))
_LITERAL_SIZES = re.compile(r"\btorch\.(?:ones|zeros|full|empty|eye|rand|randn)\(\s*"
                            r"\(?\s*(\d+)(?:\s*,\s*(\d+))*\s*\)?\s*[,)]")
_LITERAL_NAME = re.compile(r"\s*[A-Za-z_]\w*\s*=\s*\d+\s*(?:#.*)?$")  # n = 4
_SIZES_DIFFER = words.SIZES_DIFFER.regex
_BOOL_INDEX = words.BOOL_INDEX.regex


def _fixed_size(line: str, body: str, sizes: tuple[int, int]) -> tuple[str, int, int] | None:
    """(the line of ``body`` that makes a tensor of whole-number sizes, or names a whole
    number (``n = 4``), and feeds ``line``; its size among ``sizes``; the other size) or
    None."""
    for other in body.splitlines():
        found = _LITERAL_SIZES.search(other) or _LITERAL_NAME.match(other)
        if not found:
            continue
        literal = {int(n) for n in re.findall(r"\d+", found.group(0).split("=")[-1])}
        a, b = sizes
        size = a if a in literal and b not in literal else b if b in literal and \
            a not in literal else None
        if size is not None and shows(re.escape(other.strip()), line, body):
            return other.strip(), size, b if size == a else a
    return None


def _line_into(line: str, body: str, pattern: str) -> str:
    """The line of ``body`` (the raising ``line`` itself, or one that feeds it) where
    ``pattern`` is, without its comment, or ''."""
    for other in _code_lines(body) or [line.split("#", 1)[0].strip()]:
        if re.search(pattern, other) and shows(re.escape(other), line, body):
            return other
    return ""


# the bitwise not of a tensor: `~mask`, `~(mask)`
_INVERT = r"~\s*\(?\s*[A-Za-z_]"
# a transpose of the first two axes: transpose(0, 1), swapaxes(1, 0)
_FIRST_AXES = r"\.(?:transpose|swapaxes|swapdims)\(\s*(?:0\s*,\s*1|1\s*,\s*0)\s*\)"


def _made_without_device(line: str, body: str) -> str:
    """The line of ``body`` that makes a tensor with no ``device=`` and feeds ``line`` (the
    line that raised), or '' when there is none (``shows`` follows the assignments). A
    0-dim tensor made from one number (``torch.tensor(d_k)``) is left out: on the CPU it
    meets a tensor of any device, as a number would, so its line works."""
    for other in body.splitlines():
        if _makes_on_cpu(other) and "device" not in other \
                and shows(re.escape(other.strip()), line, body):
            return other.strip()
    return ""


# a tensor made on an input's device: device=X.device
_INPUT_DEVICE = r"\bdevice\s*=\s*[A-Za-z_]\w*\.device\b"


def _made_on_input_device(line: str, body: str) -> bool:
    """Whether a line of ``body`` that feeds ``line`` (the line that raised) makes its tensor
    with an input's device (``device=X.device``): then "make the new tensors on the input's
    device" is advice the code already follows, and a device mix there has another reason."""
    return any(_FACTORY.search(other) and re.search(_INPUT_DEVICE, other)
               and shows(re.escape(other.strip()), line, body) for other in body.splitlines())


# a size taken from the positions' axis of an input: X.size(-2), X.shape[-2]
_POSITIONS_SIZE = r"[A-Za-z_]\w*\.(?:size\(\s*-2\s*\)|shape\[\s*-2\s*\])"


def _sizes_from_input(statement: str, body: str) -> bool:
    """Whether every size a factory of ``statement`` is given (the positional arguments of
    ``torch.ones(n, n, dtype=...)``) is an input's positions' count, ``X.size(-2)`` itself or
    a name ``body`` assigns it to (``n = X.size(-2)``)."""
    import ast

    try:
        tree = ast.parse(textwrap.dedent(statement).strip())
    except (SyntaxError, ValueError):
        return False
    counts = {name for line in _code_lines(body)
              if re.fullmatch(rf"[A-Za-z_]\w*\s*=\s*{_POSITIONS_SIZE}", line)
              for name in _assigned(line)}
    calls = [node for node in ast.walk(tree) if isinstance(node, ast.Call)
             and re.fullmatch(r"torch\.(?:ones|zeros|full|empty|eye|rand|randn)",
                              ast.unparse(node.func))]
    sizes = [a for call in calls for a in (call.args[:-1] if ast.unparse(call.func) ==
                                           "torch.full" else call.args)]
    return bool(sizes) and all(
        re.fullmatch(_POSITIONS_SIZE, ast.unparse(a)) or (
            isinstance(a, ast.Name) and a.id in counts) for a in sizes)


def kept_from_earlier_line(line: str, body: str, device: bool) -> tuple[str, str] | None:
    """(the statement of ``body`` that makes a module-level name's tensor only while the
    name is None, the name) when ``line`` (the line that raised) uses that name and the
    statement takes the input's own count (and, for a ``device`` mix, the input's device):
    made in this call, that tensor would fit the input, so the one that did not fit was
    made by an earlier call. None otherwise."""
    import ast

    text = textwrap.dedent(body)
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError):
        return None

    def only_while_none(test, name: str) -> bool:  # `name is None`, `name == None`
        return isinstance(test, ast.Compare) and isinstance(test.left, ast.Name) and \
            test.left.id == name and len(test.ops) == 1 and \
            isinstance(test.ops[0], (ast.Is, ast.Eq)) and \
            isinstance(test.comparators[0], ast.Constant) and test.comparators[0].value is None

    for function in (n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)):
        kept = {name for n in ast.walk(function) if isinstance(n, ast.Global) for name in n.names}
        for name in sorted(kept):
            built = [n for n in ast.walk(function) if isinstance(n, ast.If)
                     and only_while_none(n.test, name)
                     for n in n.body if isinstance(n, ast.Assign)
                     and any(isinstance(t, ast.Name) and t.id == name for t in n.targets)]
            assigned = [n for n in ast.walk(function) if isinstance(n, (ast.Assign, ast.AugAssign))
                        and any(isinstance(t, ast.Name) and t.id == name for t in (
                            n.targets if isinstance(n, ast.Assign) else [n.target]))]
            if len(built) != 1 or len(assigned) != 1:
                continue  # made elsewhere too (so remade), or never made here
            statement = " ".join(part.strip() for part in (
                ast.get_source_segment(text, built[0]) or ast.unparse(built[0])).splitlines())
            if not shows(rf"\b{re.escape(name)}\b", line, body) or not _sizes_from_input(
                    statement, body) or (device and not re.search(_INPUT_DEVICE, statement)):
                continue
            return statement, name
    return None


def _makes_on_cpu(code: str) -> bool:
    """Whether ``code`` calls a factory that makes a tensor of one dimension or more (a
    ``torch.tensor`` of a list or a tuple, not of one number)."""
    return any(not found.group(0).startswith("torch.tensor(")
               or re.match(r"\s*[\[(]", code[found.end():])
               for found in _FACTORY.finditer(code))


# a conversion to each dtype, as code writes it
_CASTS = {"float32": r"\.float\(\)|torch\.float32\b|torch\.float\b(?!\d)",
          "float64": r"\.double\(\)|torch\.float64\b|torch\.double\b",
          "float16": r"\.half\(\)|torch\.float16\b|torch\.half\b",
          "bfloat16": r"\.bfloat16\(\)|torch\.bfloat16\b"}


def cast_line(source: str | None, dtype: str) -> str:
    """The first line of the learner's code that converts to ``dtype`` (``.float()``,
    ``dtype=torch.float32``, ``.to(torch.float32)``...), or ''."""
    return first_code_line(source, _CASTS[dtype]) if dtype in _CASTS else ""


# a detach: `x.detach()`, `x.data`
_DETACH = re.compile(r"\.detach\(\s*\)|\.data\b")
# what may follow a max and leave it a max: `.values`, `[0]`, a reshape, a copy
_KEEPS_A_MAX = re.compile(r"(?:\.values|\[[^\[\]]*\]|\.(?:unsqueeze|squeeze|view|reshape|"
                          r"expand|expand_as|contiguous|clone|detach)\((?:[^()]|\([^()]*\))*\))$")
# a max itself: `x.max(...)`, `torch.amax(...)` (a softmax is not one: `max` is a whole name)
_A_MAX_CALL = re.compile(r"(?:^|\.)a?max\((?:[^()]|\([^()]*\))*\)$")


def _operand(code: str, end: int) -> str:
    """The expression of ``code`` that ends at ``end``: a name with its attributes, calls
    and indexing (``torch.max(x, dim=-1)[0]``, ``(keys @ query)``)."""
    depth, start = 0, end
    while start > 0:
        char = code[start - 1]
        if char in ")]":
            depth += 1
        elif char in "([":
            if depth == 0:
                break
            depth -= 1
        elif depth == 0 and not (char.isalnum() or char in "_."):
            break
        start -= 1
    return code[start:end]


def _is_a_max(expression: str, source: str) -> bool:
    """Whether ``expression`` is a max (``.values``, an index or a reshape of one allowed
    after it), or a name the learner's code assigned a max to (``m = x.amax(-1)``)."""
    while _KEEPS_A_MAX.search(expression):
        expression = _KEEPS_A_MAX.sub("", expression)
    if _A_MAX_CALL.search(expression):
        return True
    if not re.fullmatch(r"[A-Za-z_]\w*", expression):
        return False
    made = re.findall(rf"^\s*{expression}\s*=(?!=)\s*(.+?)\s*(?:#.*)?$", source, re.M)
    return bool(made) and all(_is_a_max(m, "") for m in made)


def _detaches_a_max(code: str, found: re.Match, source: str) -> bool:
    """Whether the detach ``found`` in the line ``code`` leaves only a max off autograd (a
    constant shift, which may be): ``x.amax(-1).detach()``, ``x.detach().amax(-1)``,
    ``torch.max(x.detach(), -1)``, ``m.detach()`` where ``m`` is a max."""
    if re.match(r"\s*\.a?max\(", code[found.end():]):
        return True
    if _is_a_max(_operand(code, found.start()), source):
        return True
    depth = 0  # the call the detached operand is an argument of
    for at in range(found.start() - 1, -1, -1):
        depth += {")": 1, "]": 1, "(": -1, "[": -1}.get(code[at], 0)
        if depth < 0:
            return code[at] == "(" and bool(re.search(r"(?:^|[^\w])a?max$", code[:at]))
    return False


def _statement_starts(body: str) -> dict[int, int]:
    """{line number in ``body``: the number of the line its statement starts on}."""
    import ast

    try:
        tree = ast.parse(textwrap.dedent(body))
    except (SyntaxError, ValueError):
        return {}
    starts: dict[int, int] = {}
    for node in ast.walk(tree):  # outer statements first: inner ones overwrite them
        if isinstance(node, ast.stmt) and not isinstance(node, (
                ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.If, ast.For,
                ast.While, ast.With, ast.Try)):
            for number in range(node.lineno, (node.end_lineno or node.lineno) + 1):
                starts[number] = node.lineno
    return starts


def _detach_in(body: str, source: str) -> str:
    """The first line of ``body`` (a function's text) that detaches something other than a
    max and feeds what the function returns, or ''."""
    lines = body.splitlines()
    starts = _statement_starts(body)
    for number, code in _code_only(body).items():
        if not code or number > len(lines):
            continue
        line = lines[number - 1].split("#", 1)[0]
        if all(_detaches_a_max(line, found, source) for found in _DETACH.finditer(line)):
            continue  # no detach, or only of a max
        first = lines[starts.get(number, number) - 1].split("#", 1)[0]
        if feeds_result(first, body):
            return line.strip()
    return ""


def detach_line(source: str | None, name: str) -> str:
    """The line of the learner's function ``name`` that detaches something other than a max
    (which may be detached: a constant shift) and feeds its result, or else such a line of a
    function of the file that ``name`` calls (the step a loop calls), or ''."""
    body, _ = function_named(source, name)
    found = _detach_in(body, source or "") if body else ""
    for other in _called_functions(source, body, name) if body else []:
        found = found or _detach_in(function_named(source, other)[0], source or "")
    return found


def _called_functions(source: str | None, body: str, name: str) -> list[str]:
    """The names of the file's other top-level functions that ``body`` calls."""
    import ast

    try:
        tree = ast.parse(source or "")
    except (SyntaxError, ValueError):
        return []
    return [node.name for node in tree.body
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name != name
            and re.search(rf"\b{re.escape(node.name)}\s*\(", body)]


def numbers_line(body: str) -> tuple[str, str] | None:
    """(the line of ``body`` that turns a tensor into Python numbers, ``.item()`` or
    ``.tolist()``, and feeds the result, the call) or None; a max may be a number (a
    constant shift)."""
    for line in _code_lines(body):
        found = re.search(r"\.(item|tolist)\(\s*\)", line)
        if found and not re.search(r"max", line) and feeds_result(line, body):
            whole = _statement(body, line)  # a call that goes on over several lines
            return whole if len(whole) <= 120 else line, f".{found.group(1)}()"
    return None


def no_grad_line(source: str | None) -> str:
    """The first line of code in ``source`` that turns autograd off for the lines under it
    (``with torch.no_grad():``, ``torch.inference_mode()``), unless the line after it takes
    a max (a constant shift may be computed without autograd), or ''."""
    line = first_code_line(source, r"\bwith\s+torch\.(?:no_grad|inference_mode)\(|"
                                   r"\bwith\s+torch\.set_grad_enabled\(\s*False", as_written=True)
    if not line:
        return ""
    lines = [l.strip() for l in (source or "").splitlines()]
    at = lines.index(line) if line in lines else len(lines)
    return "" if "max" in " ".join(lines[at + 1:at + 2]) else line


def inf_product_line(source: str | None) -> str:
    """The first line of code in ``source`` that multiplies by an infinity, or '' (the
    infinity is often a string, ``float("-inf")``, so the line is searched as written)."""
    return first_code_line(source, _INF_PRODUCT, as_written=True)


def first_code_line(source: str | None, pattern, *, unless: str = "",
                    as_written: bool = False) -> str:
    """The first line of code in ``source`` where ``pattern`` is (and ``unless`` is not),
    without its comment, or ''. Strings and comments, docstrings included, are not code:
    the pattern is looked for in a line's code alone, or with ``as_written`` in the line as
    written (its strings too) when the line has code."""
    if not source:
        return ""
    lines = source.splitlines()
    for number, code in _code_only(source).items():
        if not code or number > len(lines):
            continue
        line = lines[number - 1].split("#", 1)[0]
        text = line if as_written else code
        if re.search(pattern, text) and not (unless and re.search(unless, text)):
            return line.strip()
    return ""


def _code_only(source: str) -> dict[int, str]:
    """Each line's code without its strings, comments and spaces ({line number: text})."""
    import io
    import tokenize

    found: dict[int, list[str]] = {}
    try:
        for token in tokenize.generate_tokens(io.StringIO(source).readline):
            if token.type not in (tokenize.STRING, tokenize.COMMENT, tokenize.NL,
                                  tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT):
                found.setdefault(token.start[0], []).append(token.string)
    except (tokenize.TokenError, SyntaxError, IndentationError):
        return {}
    return {number: "".join(parts) for number, parts in found.items()}


def module_assignments(source: str | None) -> str:
    """The learner file's top-level assignments (``BLOCK_SIZE = 8``, a mask built once), one
    per line: a function's lines can be made from them."""
    import ast

    try:
        tree = ast.parse(source or "")
    except (SyntaxError, ValueError):
        return ""
    lines = (source or "").splitlines()
    return "\n".join(" ".join(l.strip() for l in lines[n.lineno - 1:n.end_lineno])
                     for n in tree.body if isinstance(n, (ast.Assign, ast.AnnAssign)))


def _function_node(source: str | None, name: str, line: int | None = None):
    """(the learner's function ``name`` (the one around ``line`` when given, else a top-level
    one), the file's lines), or (None, lines)."""
    import ast

    lines = (source or "").splitlines()
    try:
        tree = ast.parse(source or "")
    except (SyntaxError, ValueError):
        return None, lines
    nodes = ast.walk(tree) if line is not None else tree.body
    for node in nodes:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name == name \
                and (line is None or node.lineno <= line <= (node.end_lineno or 0)):
            return node, lines
    return None, lines


def function_named(source: str | None, name: str) -> tuple[str, list[str]]:
    """The text of the learner's top-level function ``name`` and its parameters' names
    (('', []) when the file defines no such function)."""
    node, lines = _function_node(source, name)
    if node is None:
        return "", []
    params = [a.arg for a in (*node.args.posonlyargs, *node.args.args)]
    return "\n".join(lines[node.lineno - 1:node.end_lineno]), params


def feeds_result(line: str, body: str) -> bool:
    """Whether ``line`` of ``body`` (a function's text) makes what the function returns:
    it returns, or one of its names reaches a ``return`` line through assignments."""
    pattern = re.escape(line.strip())
    return any(shows(pattern, other, body) for other in body.splitlines()
               if re.match(r"\s*return\b", other))


def _code_lines(body: str) -> list[str]:
    """The lines of ``body`` that hold code, without comments (strings kept as written)."""
    lines = body.splitlines()
    return [lines[n - 1].split("#", 1)[0].strip() for n, code in _code_only(body).items()
            if code and n <= len(lines)]


def _statement(body: str, line: str) -> str:
    """``line`` of ``body`` with the lines that continue it (until its brackets close)."""
    lines = body.splitlines()
    start = next((i for i, l in enumerate(lines) if l.strip().startswith(line.strip())), None)
    if start is None:
        return line
    text, depth = "", 0
    for l in lines[start:]:
        code = l.split("#", 1)[0]
        text += " " + code.strip()
        depth += code.count("(") + code.count("[") - code.count(")") - code.count("]")
        if depth <= 0:
            break
    return re.sub(r"\s+([)\]])", r"\1", re.sub(r"([(\[])\s+", r"\1", text.strip()))


def rebuilt_line(body: str, params: list[str]) -> str:
    """The line of ``body`` that builds a new tensor from the inputs' values with
    ``torch.tensor(...)`` (which copies them off the autograd graph) and feeds the result,
    or '': a comprehension or one of the parameters inside the call (which may go on over
    several lines)."""
    names = "|".join(re.escape(p) for p in params) or "(?!)"
    call = r"\btorch\.(?:tensor|Tensor|FloatTensor|DoubleTensor)\("
    for line in _code_lines(body):
        if not re.search(call, line):
            continue
        whole = _statement(body, line)
        if re.search(rf"{call}.*(?:\bfor\b|\b(?:{names})\b)", whole) and feeds_result(line, body):
            return whole if len(whole) <= 120 else line
    return ""


def masked_after_softmax_line(body: str) -> str:
    """The line of ``body`` that blocks positions of the weights after the softmax made them
    (``weights.masked_fill(...)``, ``weights * mask``, or a name made from the mask: ``keep =
    (mask != 0).float()`` ... ``weights * keep``), or ''."""
    lines = _code_lines(body)
    made = [n for line in lines if re.search(r"softmax\(", line) for n in _assigned(line)]
    masks = {"mask"} | {n for line in lines if "=" in line and re.search(
        r"\bmask\w*\b", line.split("=", 1)[1]) for n in _assigned(line)} - set(made)
    names = "|".join(sorted(re.escape(m) for m in masks))
    for name in made:
        n = re.escape(name)
        line = first_code_line(body, rf"\b{n}\s*(?:\.masked_fill_?\(|\*=?\s*\(?\s*~?(?:{names}|\w*mask)\b"
                                     rf"|\[[^\]]*mask[^\]]*\]\s*=)", as_written=True)
        if line:
            return line
    return ""


def in_place_line(body: str, name: str) -> str:
    """The first line of ``body`` that writes into the tensor ``name`` itself: an augmented
    assignment (``name /= s``), a method ending in ``_`` (``name.masked_fill_(...)``) or an
    assignment into a slice of it, or ''."""
    n = re.escape(name)
    return first_code_line(body, rf"^\s*{n}\s*(?:\+|-|\*|/|//|@|%|\*\*)=|\b{n}\.(?!_)\w*[a-z0-9]_\("
                                 rf"|^\s*{n}\[[^\]]*\]\s*(?:[-+*/]|//)?=(?!=)", as_written=True)


# a method that changes a tensor's shape or strides in place and leaves its memory as it was
_RESHAPES_IN_PLACE = r"\.(?:transpose_|t_|unsqueeze_|squeeze_|swapaxes_|swapdims_|resize_|" \
                     r"resize_as_|set_|as_strided_)\("


def reshaped_in_place_line(body: str, name: str) -> str:
    """The first line of ``body`` that changes the shape or strides of the tensor ``name``
    itself in place (``name.transpose_(-2, -1)``, ``name.unsqueeze_(0)``, ``name.set_(...)``),
    which leaves its memory as it was, or ''."""
    return first_code_line(body, rf"(?<![\w.]){re.escape(name)}{_RESHAPES_IN_PLACE}",
                           as_written=True)


# a torch call that makes a float tensor in the default dtype unless told another
_FLOAT_FACTORY = re.compile(r"\btorch\.(?:ones|zeros|full|empty|eye|rand|randn)\(")


def made_float32_line(body: str, line: str = "") -> str:
    """The line of ``body`` that makes a float tensor without ``dtype=`` (so float32) and
    feeds ``line`` (the line that raised) or, without one, what the function returns; a
    tensor only compared (``mask == 0``) or made bool is left out, or ''. A float Python
    number made a tensor (``torch.tensor(float("-inf"))``, float32 too) counts as well."""
    for other in _code_lines(body):
        if "dtype" in other:
            continue
        if not _FLOAT_FACTORY.search(other) or re.search(r"[=!]=", other):
            if not _float_number_tensor(_statement(body, other)):
                continue
        else:
            names = _assigned(other)
            if any(re.search(rf"\b{re.escape(n)}\b\s*[=!]=|\b{re.escape(n)}\.(?:bool|to)\(",
                             body) for n in names):
                continue
        if (shows(re.escape(other), line, body) if line else feeds_result(other, body)):
            return other
    return ""


def _python_number(node, floats: bool = False) -> bool:
    """Whether the expression ``node`` is a Python number (``0.0``, ``-1e9``,
    ``float("-inf")``, ``-math.inf``, ``torch.finfo(x.dtype).min``); with ``floats``, a
    float one (two whole numbers make an integer tensor, not a float32 one)."""
    import ast

    if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)):
        return _python_number(node.operand, floats)
    if isinstance(node, ast.BinOp):
        sides = (_python_number(node.left), _python_number(node.right))
        return all(sides) and (not floats or isinstance(node.op, ast.Div) or any(
            _python_number(side, True) for side in (node.left, node.right)))
    if isinstance(node, ast.Constant):
        return isinstance(node.value, float) or (
            not floats and isinstance(node.value, int) and not isinstance(node.value, bool))
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
        return node.func.id == "float"
    if isinstance(node, ast.Attribute):
        owner = node.value
        if isinstance(owner, ast.Name):  # math.inf, torch.inf, np.inf
            return owner.id in ("math", "torch", "np", "numpy") and node.attr in ("inf", "nan")
        return node.attr in ("min", "max") and isinstance(owner, ast.Call) and \
            ast.unparse(owner.func) in ("torch.finfo", "finfo")
    return False


def _float_number_tensor(statement: str) -> bool:
    """Whether ``statement`` makes a tensor of a float Python number with ``torch.tensor``
    and no ``dtype=`` (``torch.tensor(float("-inf"))``: float32, torch's default), other than
    as a side of a comparison."""
    import ast

    if "torch.tensor(" not in statement:
        return False
    try:
        tree = ast.parse(textwrap.dedent(statement).strip())
    except (SyntaxError, ValueError):
        return False
    compared = {id(side) for node in ast.walk(tree) if isinstance(node, ast.Compare)
                for side in (node.left, *node.comparators)}
    return any(isinstance(node, ast.Call) and ast.unparse(node.func) == "torch.tensor"
               and len(node.args) == 1 and _python_number(node.args[0], True)
               and not any(k.arg == "dtype" for k in node.keywords) and id(node) not in compared
               for node in ast.walk(tree))


def _where_of_numbers(statement: str) -> bool:
    """Whether ``statement`` calls ``torch.where(condition, a, b)`` with Python numbers for
    both branches, one a float: a tensor of the default dtype (float32)."""
    import ast

    try:
        tree = ast.parse(textwrap.dedent(statement).strip())
    except (SyntaxError, ValueError):
        return False
    return any(isinstance(node, ast.Call) and ast.unparse(node.func) == "torch.where"
               and len(node.args) == 3 and not node.keywords
               and all(_python_number(a) for a in node.args[1:])
               and any(_python_number(a, True) for a in node.args[1:])
               for node in ast.walk(tree))


def where_float32_line(body: str, line: str = "") -> str:
    """The line of ``body`` that makes a tensor with ``torch.where`` from two Python numbers
    (so float32, torch's default dtype: ``torch.where(mask != 0, 0.0, float("-inf"))``) and
    feeds ``line`` (the line that raised) or, without one, what the function returns, or
    ''."""
    for other in _code_lines(body):
        if "torch.where(" not in other:
            continue
        whole = _statement(body, other)  # a call that goes on over several lines
        if _where_of_numbers(whole) and (shows(re.escape(other), line, body) if line
                                         else feeds_result(other, body)):
            return whole if len(whole) <= 120 else other
    return ""


_KEEPDIM_INDEX = r"\barg(?:max|min)\([^\n]*\bkeepdim\s*=\s*True"
_FLATTEN = (r"\.(?:reshape|view)\(\s*-1\s*,|\.flatten\(\s*(?:0\s*,\s*)?-2\s*\)"
            r"|\.flatten\(\s*end_dim\s*=\s*-2\s*\)")
_RESTORED = r"\.(?:reshape|view)\(\s*\*|\.shape\[\s*:\s*-|\.unflatten\("


def _feeding_line(body: str, pattern: str) -> str:
    """The first line of ``body`` (as written) where ``pattern`` is, when it feeds the
    function's result, or ''."""
    line = first_code_line(body, pattern, as_written=True)
    return line if line and feeds_result(line, body) else ""


def keepdim_index_line(body: str) -> str:
    """The line of ``body`` that takes an index with ``keepdim=True`` and feeds the result,
    or ''."""
    return _feeding_line(body, _KEEPDIM_INDEX)


# a slice of length one on the first axis, which keeps that axis: `values[i:i+1]`
# (not followed by what drops the axis again: `.squeeze(...)`, `[0]`)
_SLICE_OF_ONE = (r"\b[A-Za-z_]\w*\s*\[\s*([A-Za-z_]\w*)\s*:\s*\1\s*\+\s*1\s*\]"
                 r"(?!\s*(?:\.\s*(?:squeeze|reshape|view|flatten)\b|\[))")


def slice_of_one_line(body: str) -> tuple[str, str] | None:
    """(the line of ``body`` that takes a slice of length one on a tensor's first axis,
    the slice) when the line feeds the result, or None."""
    for line in _code_lines(body):
        found = re.search(_SLICE_OF_ONE, line)
        if found and feeds_result(line, body):
            return line, re.sub(r"\s+", "", found.group(0))
    return None


# a comparison, which makes a boolean mask: `scores == scores.max()`, `x > 0`
_COMPARISON = r"[^=!<>]==[^=]|!=|<=|>=|[^<>=-]<[^<=]|[^<>=-]>[^>=]"


def bool_index_line(body: str) -> str:
    """The line of ``body`` that indexes a tensor with a boolean mask (a comparison in the
    brackets, or a name made by one: ``best = scores == scores.max()`` ... ``values[best]``)
    and feeds the result, or ''. An assignment into the index is left out."""
    lines = _code_lines(body)
    masks = {n for line in lines if "=" in line and not re.match(r"\s*(?:if|elif|while|return)\b",
                                                                 line)
             and re.search(_COMPARISON, " " + line.split("=", 1)[1] + " ") for n in _assigned(line)}
    names = "|".join(sorted(re.escape(m) for m in masks)) or "(?!)"
    for line in lines:
        for index in re.finditer(r"\b[A-Za-z_]\w*\s*\[([^\[\]]*)\](?!\s*(?:[-+*/]|//)?=(?!=))", line):
            inside = index.group(1)
            if (re.fullmatch(rf"\s*(?:{names})\s*", inside) or re.search(_COMPARISON,
                                                                         f" {inside} ")) \
                    and feeds_result(line, body):
                return line
    return ""


# an axis counted from the front: X.shape[1], X.size(1), X[:, t : t + 1]
_FRONT_AXIS = (r"\b([A-Za-z_]\w*)\.(?:shape\[\s*(\d+)\s*\]|size\(\s*(\d+)\s*\))"
               r"|\b([A-Za-z_]\w*)\[((?:\s*:\s*,)+)[^\],\[]*:[^\]\[]*\]")


def front_axis_line(body: str, ranks: dict) -> tuple[str, str, int] | None:
    """(the line of ``body`` that takes an axis of a parameter counted from the front, the
    construct, the axis) when that axis is a batch axis of the tensor the case passed
    (``ranks``: each tensor parameter's number of dimensions; the last two are the positions
    and the features) and the line feeds the result, or None."""
    for line in _code_lines(body):
        for found in re.finditer(_FRONT_AXIS, line):
            name = found.group(1) or found.group(4)
            axis = int(found.group(2) or found.group(3)) if found.group(1) else \
                found.group(5).count(":")
            if 1 <= axis < (ranks.get(name) or 0) - 2 and feeds_result(line, body):
                return line, found.group(0), axis
    return None


def flatten_line(body: str) -> str:
    """The line of ``body`` that flattens the leading dimensions (``X.reshape(-1, d)``) when
    nothing gives them back and it feeds the result, or ''."""
    return "" if re.search(_RESTORED, body) else _feeding_line(body, _FLATTEN)


def loop_first_axis_line(body: str, params: list[str]) -> tuple[str, str] | None:
    """(the line of ``body`` that loops over the first axis of a parameter, the parameter)
    when it feeds the result, or None: ``for row in weights``, ``zip(weights, V)``,
    ``range(len(weights))``, ``range(weights.shape[0])``."""
    for name in params:
        n = re.escape(name)
        line = _feeding_line(
            body, rf"\bfor\s+\w+\s+in\s+{n}\s*(?:[:\]]|$)|\bfor\s+[\w\s,()]+\s+in\s+zip\(\s*{n}\b"
                  rf"|\brange\(\s*(?:len\(\s*{n}\s*\)|{n}\.(?:shape\[\s*0\s*\]|size\(\s*0\s*\)))")
        if line:
            return line, name
    return None


def alias_in_place_line(body: str, name: str) -> tuple[str, str] | None:
    """(the line that writes in place into a plain alias of ``name``, the alias) when
    ``alias = name`` made no copy, or None."""
    for line in _code_lines(body):
        found = re.match(rf"([A-Za-z_]\w*)\s*=\s*{re.escape(name)}\s*$", line)
        if found and found.group(1) != name:
            written = in_place_line(body, found.group(1))
            if written:
                return written, found.group(1)
    return None


# a mask given axes of its own, as a padding mask [B, 1, 1, n_k] is
_MASK_AXES = r"\bmask\w*\s*\[\s*:\s*,\s*None\s*,\s*None|\bmask\w*\s*\[\s*None\s*,\s*None"


def mask_axes_line(body: str) -> str:
    """The line of ``body`` that gives the mask axes of a padding layout and feeds the
    result, or ''."""
    return _feeding_line(body, _MASK_AXES)


def function_source(source: str | None, frames: list[dict]) -> str:
    """The text of the learner's function in which the error was raised ('' if unknown)."""
    if not source or not frames:
        return ""
    node, lines = _function_node(source, frames[-1].get("function"),
                                 frames[-1].get("line") or 0)
    return "" if node is None else "\n".join(lines[node.lineno - 1:node.end_lineno])


# `if mask:`, `if not mask`, `elif mask and ...`: a tensor's truth asked for
_TRUTH_TEST = re.compile(r"\b(if|elif|while|and|or)\s+(?:not\s+)?([A-Za-z_]\w*)"
                         r"\s*(?::|\band\b|\bor\b|\belse\b|$)")


# a product with an infinity: `* float("-inf")`, `* -math.inf`, `float('-inf') *`
_INF = r"(?:-\s*)?(?:float\(\s*['\"][-+]?inf['\"]\s*\)|(?:math|torch|np|numpy)\.inf)"
_INF_PRODUCT = re.compile(rf"\*\s*{_INF}|{_INF}\s*\*")


# the dtypes an error message names, as torch's names them (c10::Half, Float, double)
_MESSAGE_DTYPES = {"half": "float16", "bfloat16": "bfloat16", "float": "float32",
                   "double": "float64"}
# the mask used in arithmetic: `scores + mask`, `scores += mask`, `weights * mask`
_MASK_ADDED = re.compile(r"[\w)\]]\s*\+=?\s*\(?\s*mask\w*\b(?!\s*(?:[=!]=|\.))"
                         r"|\bmask\w*\s*\+\s*[\w(]")
_MASK_TIMES = re.compile(r"[\w)\]]\s*\*=?\s*\(?\s*mask\w*\b(?!\s*(?:[=!]=|\.))"
                         r"|\bmask\w*\s*\*\s*[\w(]")


_LOG_MASK = re.compile(r"\+=?\s*torch\.log\(\s*\(?\s*mask\w*\b")

# a mask that is not bool, in masked_fill's or torch.where's words
_NOT_BOOL = words.any_of(words.ONLY_BOOLEAN_MASKS, words.WHERE_BOOLEAN)
_PERMUTE = words.any_of(words.PERMUTE_DIMS, words.PERMUTE_ORDERING)
_DTYPES = words.any_of(*words.DTYPE_WORDS)
# sizes that differ where a slice of the first axis meets the rest
_SLICE = words.any_of(*words.SLICE_WORDS)


def _dtype_mix(message: str, line: str, body: str, dtype: str) -> Cause:
    """Two dtypes met at ``line``: the line of ``body`` that brought the other one in, when
    it shows (a tensor rebuilt from Python numbers, the mask used in arithmetic, a tensor
    made in float32 for inputs of another dtype, by a factory without ``dtype=`` or by
    ``torch.where`` of two Python numbers), else the general cause."""
    named = [_MESSAGE_DTYPES[w.lower()] for w in words.DTYPE_NAMES.regex.findall(message)]
    unique = list(dict.fromkeys(named))
    dtypes = t("{a} and {b}", a=unique[0], b=unique[1]) if len(unique) == 2 else \
        ", ".join(unique)
    # the mask's own dtype: only a mask the function is given
    given_mask = re.search(r"def\s+\w+\s*\((?:[^()]|\([^()]*\))*\bmask\b", body)
    # or a float mask the function makes itself (the lesson's `torch.tril(torch.ones(n, n))`)
    made_mask = re.search(r"^\s*mask\w*\s*=[^\n]*\btorch\.(?:tril|triu|ones|zeros|full|eye)\("
                          r"(?![^\n]*\b(?:dtype\s*=|bool\b))", body, re.M)
    for other in _code_lines(body):
        if not shows(re.escape(other), line, body):
            continue
        if re.search(_FROM_NUMBERS, other):
            return FROM_NUMBERS(code=other)
        if dtypes and made_mask and not given_mask and _MASK_TIMES.search(other):
            return MASK_TIMES_LINE(code=other, dtypes=dtypes)  # (a made mask: the product)
        if not (dtypes and given_mask):
            continue
        if _LOG_MASK.search(other):
            return LOG_MASK_LINE(code=other, dtypes=dtypes)
        if _MASK_ADDED.search(other):
            return MASK_ADDED_LINE(code=other, dtypes=dtypes)
        if _MASK_TIMES.search(other):
            return MASK_TIMES_LINE(code=other, dtypes=dtypes)
    for other in _code_lines(body):  # a conversion to the dtype that is not the inputs'
        cast = next((d for d in unique if d != dtype and re.search(_CASTS[d], other)), None)
        if dtype and cast and shows(re.escape(other), line, body):
            return CAST_MET(code=other, dtype=cast, dtypes=dtypes)
    if "float32" in named and dtype and dtype != "float32" and dtype in named:
        where = where_float32_line(body, line)
        if where:
            return WHERE_FLOAT32(code=where, dtype=dtype)
        made = made_float32_line(body, line)
        if made:
            return MADE_FLOAT32(code=made, dtype=dtype)
    return DTYPE_MIX


def cause_of_error(error_type: str, message: str, frames: list[dict], *,
                   batched: bool = True, code_suspects: dict | None = None,
                   body: str = "", outer: str = "", dtype: str = "") -> Cause | None:
    """The likely cause of an exception the learner's code raised, or None.

    ``batched``: the call had inputs with leading batch dimensions (without them, 2-D-only
    code cannot be the reason). ``code_suspects`` maps a regular expression to a cause:
    a case that knows a classic mistake by the code it leaves names it so; it is looked
    for in ``body``, the text of the learner's function that raised (or else the line).
    ``outer``: the text of every function of the file on the way to the error (a tensor may
    be made by a caller); ``dtype``: the dtype of the call's first float input.
    """
    from checker.judge.causes import candidates

    code = " ".join(str(f.get("code", "")) for f in frames[-2:])
    line = str(frames[-1].get("code", "")) if frames else ""
    pair = _RETURN_PAIR.search(message) if error_type in ("TypeError", "RuntimeError") else None
    made = _line_into(line, body, rf"\.{pair.group(1)}\(") if pair else ""
    if pair and made:  # (before a case's own suspects: the message itself names the pair)
        return RETURN_PAIR(code=made, kind=pair.group(1))
    shown = [found for pattern, found in (code_suspects or {}).items()
             if line and shows(pattern, line, body)]
    if shown:
        return candidates(shown)
    # the worker's refusal, in the run's language (the worker speaks it too)
    if error_type == "Refused" and str(t("{event} is not allowed in an exercise",
                                         event="numpy")) in message:
        from checker.judge.causes import NUMPY_RESULT

        return NUMPY_RESULT
    truth = _TRUTH_TEST.search(line)
    if error_type == "RuntimeError" and truth and words.BOOLEAN_VALUE.search(message):
        return TENSOR_TRUTH(code=truth.group(0).strip().rstrip(":"), name=truth.group(2))
    if error_type == "AssertionError" and re.match(r"\s*assert\b", line):
        return WRONG_ASSERT(code=line.strip())
    if error_type == "TypeError" and words.FLOAT_SIZE.search(message):
        return FLOAT_SIZE
    if error_type == "IndexError" and _BOOL_INDEX.search(message) and \
            re.search(r"\[[^\]]*\bmask\b[^\]]*\]\s*=[^=]", line):
        return BOOL_INDEX_ASSIGN(code=line.strip())
    differ = _SIZES_DIFFER.search(message)
    mixed = bool(_DEVICE.search(message) and words.DEVICE.search(message))
    kept = kept_from_earlier_line(line, body, mixed) \
        if error_type == "RuntimeError" and (differ or mixed) and body else None
    if kept:
        return KEPT_FROM_EARLIER(code=kept[0], name=kept[1])
    fixed_size = _fixed_size(line, body, (int(differ.group(1)), int(differ.group(2)))) \
        if error_type == "RuntimeError" and differ and body else None
    if fixed_size:
        return FIXED_SIZE(code=fixed_size[0], size=fixed_size[1], actual=fixed_size[2])
    fixed = re.search(r"\.transpose\(\s*\d+\s*,\s*\d+\s*\)", line)
    if fixed and words.DIMENSION_OUT_OF_RANGE.search(message) and \
            "(0, 1)" not in fixed.group(0).replace(" ", ""):
        if re.search(r"\bbmm\(", line):  # the transpose fits bmm's one batch dimension
            return BMM_FIXED_TRANSPOSE(call=fixed.group(0))
        return FIXED_PERMUTE(call=fixed.group(0))
    unpack = _UNPACK.search(message)
    if error_type == "ValueError" and unpack and _SHAPE_ASSIGN.search(line):
        return ONE_BATCH_DIM(code=line.strip(), n=unpack.group(1))
    # `~` on a float mask raises; on an integer mask it makes -1 and -2, which masked_fill and
    # torch.where refuse as a condition
    inverted = _line_into(line, body, _INVERT) if (
        error_type == "TypeError" and words.OPERATOR_INVERT.search(message)) or (
        error_type == "RuntimeError" and _NOT_BOOL.search(message)) else ""
    if inverted:
        return BITWISE_NOT_MASK(code=inverted)
    if _OVERFLOW.search(message) and words.FILL_NAMES_HALF.search(message):
        value = re.search(_FILL_VALUE, code)
        if value is None:  # a fill value named on a line that feeds the raising one
            value = re.search(_FILL_VALUE, _line_into(line, body, _FILL_VALUE))
        return FLOAT16_FILL(value=_fill_text(value.group(0)) if value else "-1e9")
    if error_type != "RuntimeError":
        return None
    if words.INT_OVERFLOW.search(message):
        return INF_IN_INT
    if words.INVALID_SHAPE.search(message) and re.search(r"\.(reshape|view)\(", code):
        return BAD_RESHAPE
    if words.VIEW_STRIDE.search(message) and ".view(" in line:
        viewed = _viewed_parameter(line, body)
        return VIEW_OF_INPUT(code=line.split("#", 1)[0].strip(), name=viewed) if viewed \
            else VIEW_NEEDS_CONTIGUOUS
    permute = re.search(r"\.permute\([^)]*\)", line)
    if permute and _PERMUTE.search(message):
        return FIXED_PERMUTE(call=permute.group(0))
    if words.INPLACE_MODIFIED.search(message):
        return IN_PLACE_AUTOGRAD
    out = _line_into(line, body, r"\bout\s*=") if words.OUT_NO_AUTOGRAD.search(message) else ""
    if out:
        return OUT_ARGUMENT(code=out)
    in_place = re.search(r"\.([a-z]\w*_)\(", line)
    if in_place and words.LEAF_IN_PLACE.search(message):
        return IN_PLACE_INPUT(call=f".{in_place.group(1)}()")
    if words.WHERE_BOOLEAN.search(message):
        return WHERE_BOOL
    if words.ONLY_BOOLEAN_MASKS.search(message):
        return BOOL_MASK_NEEDED
    if _DEVICE.search(message) and words.DEVICE.search(message):
        # the tensor may be made by a calling function of the file (an empty cache made by
        # generate_outputs meets the input's device in the step it calls)
        made = _made_without_device(line, body) or (outer and _made_without_device(line, outer))
        if made:
            return MADE_ON_CPU(code=made)
        # a tensor made on the input's device met another: the advice would mislead
        return None if _made_on_input_device(line, body) else DEVICE_MIX
    if _DTYPES.search(message):
        return _dtype_mix(message, line, body, dtype)
    part = re.search(r"\b[A-Za-z_]\w*\[\s*[^\],.\[]*:[^\],.\[]*\]", line)
    if batched and part and error_type == "RuntimeError" and _SLICE.search(message):
        return FIRST_AXIS_SLICE(code=line.strip(), part=part.group(0))
    if words.CONTRACTED_DIMENSIONS.search(message) and "tensordot(" in line and batched:
        return TENSORDOT_FIRST_AXIS(code=line.strip())
    if words.CAT_SIZES.search(message) and \
            re.search(r"\btorch\.cat\((?![^\n]*\bdim\b)", line):
        return CAT_DIM0(code=line.strip())
    if words.BMM_3D_TENSOR.search(message) and "bmm" in code:
        return BMM_3D
    if _MATRIX.search(message):
        swapped = _line_into(line, body, _FIRST_AXES) if batched else ""
        if swapped:
            return TRANSPOSE_FIRST_AXES(code=swapped)
        call = _two_d_call(code) if batched else ""
        # torch says `mat1 and mat2` when the right operand of `@` is 2-D: a `.T` there
        # (`X @ W.T`) transposes a matrix, which `.T` does right; the transpose may be the
        # mistake (a case names it), the 2-D-only `.T` is not: read as on 2-D inputs
        matrix_right = call == ".T" and bool(words.MAT1_AND_MAT2.search(message)) and \
            not re.search(r"\.T\b(?!\w)", _RIGHT_T.sub("", code))
        if matrix_right:
            call = ""
        if call.startswith("einsum"):
            return EINSUM_FIXED(call=call)
        if call:
            return TWO_D_ONLY(call=call)
        sizes = _MATMUL_SHAPES.search(message)
        if (not batched or matrix_right) and _transpose(line) and sizes:
            a, b, c, d = (int(x) for x in sizes.groups())
            if _RIGHT_TRANSPOSED.search(line):
                # `Q @ K.transpose(-2, -1)` (or, on these 2-D inputs, `Q @ K.T`) is the
                # product as it should be: the operand on the right is not the tensor it
                # should be (V passed as K, a cache joined along its features...), which the
                # sizes alone cannot tell apart
                return WIDTHS_DIFFER(left=b, right=c)
            # the product fits once the transpose is undone or moved to the other operand
            if a == c or b == d or a == d:
                return MISPLACED_TRANSPOSE(call=_transpose(line))
    return None
