"""Likely causes for errors that the learner's own code raised.

When a learner's function raises, the worker sends back the exception's type and
message and the learner's own frames (file line and code). Some errors have one
classic reason that the message and the line of code give away: 2-D-only code
(``torch.mm``, ``.T``, an einsum without ``...``) meeting batched inputs, ``-1e9``
written into a float16 tensor, a mask on the CPU meeting an input elsewhere, a
float64 tensor meeting float32 ones. Only those are named; anything else gets
no cause (a wrong guess misleads more than silence).
"""
from __future__ import annotations

import re

from checker.judge.causes import Cause, cause

FLOAT16_FILL = cause(
    "float16_fill",
    "{value} does not fit in float16, whose largest number is 65504: fill blocked scores "
    "with float('-inf') (the lesson's choice) or torch.finfo(scores.dtype).min")
TWO_D_ONLY = cause(
    "two_d_only",
    "`{call}` works only on 2-D matrices, and this case has leading batch dimensions: use "
    "`@` with transpose(-2, -1) (or `.mT`), or an einsum with `...`")
DEVICE_MIX = cause(
    "device_mix",
    "tensors on two devices met in one operation: create new tensors (such as the mask) "
    "on the input's device, e.g. `device=X.device`")
DTYPE_MIX = cause(
    "dtype_mix",
    "tensors of two dtypes met in one operation: a new tensor (such as a float64 mask "
    "added to the scores) must not change the dtype; use masked_fill, or convert with "
    "`.to(scores.dtype)`")

_OVERFLOW = re.compile(r"without overflow|cannot be converted to type at::Half", re.I)
_MATRIX = re.compile(r"must be a matrix|must be a 2D|2D tensor|mat1 and mat2|shapes cannot be "
                     r"multiplied|must be a 3D tensor|einsum\(\)|subscript|Dimension out of "
                     r"range|size of tensor a|expected 2D|expected 3D", re.I)
_DEVICE = re.compile(r"same device|on the expected device|device type|meta", re.I)
_DTYPE = re.compile(r"same dtype|expected scalar type|expected m1 and m2|dtype", re.I)
_TWO_D_CALLS = (("torch.mm(", "torch.mm"), (".mm(", ".mm"), ("torch.bmm(", "torch.bmm"),
                (".bmm(", ".bmm"), ("torch.outer(", "torch.outer"), ("torch.dot(", "torch.dot"),
                ("torch.mv(", "torch.mv"))


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


def cause_of_error(error_type: str, message: str, frames: list[dict]) -> Cause | None:
    """The likely cause of an exception the learner's code raised, or None."""
    code = " ".join(str(f.get("code", "")) for f in frames[-2:])
    if _OVERFLOW.search(message):
        value = re.search(r"-?\d+(?:\.\d+)?e\d+|-?\d{6,}", code)
        return FLOAT16_FILL(value=value.group(0) if value else "-1e9")
    if error_type == "RuntimeError" and _DEVICE.search(message) and "device" in message.lower():
        return DEVICE_MIX
    if error_type == "RuntimeError" and _MATRIX.search(message):
        call = _two_d_call(code)
        if call:
            return TWO_D_ONLY(call=call)
    if error_type == "RuntimeError" and _DTYPE.search(message) and "dtype" in message.lower() \
            or "expected m1 and m2 to have the same dtype" in message:
        return DTYPE_MIX
    return None
