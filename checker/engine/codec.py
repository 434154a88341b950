"""Plain-data codec for the seam between the checker and a worker.

A message is a JSON header plus raw tensor bytes. Decoding never executes
anything: the header is parsed with ``json`` and every tensor is rebuilt with
``torch.frombuffer`` from a dtype on an allow-list, after its shape and size
have been validated. A hostile worker can send garbage; the worst it gets is a
``DecodeError``.

Value tree (header form):
  None, bool, int, float, str        as themselves (floats may be NaN/inf)
  list                               {"list": [...]}
  tuple                              {"tuple": [...]}
  dict with str keys                 {"dict": {k: ...}}
  torch.Tensor                       {"tensor": i}  (i indexes header["tensors"])
  anything else                      {"other": type name, "repr": short text}

A tensor the checker sends whose memory is a transpose or permute of a dense layout (a
hidden case's non-contiguous input) keeps that layout (``encode(..., keep_layout=True)``):
its bytes go in memory order, with ``order`` (the axes from the outermost in memory), and
``decode(..., layouts=True)`` (the worker's side) rebuilds the same view. Anything else
goes, and comes back, contiguous.
"""
from __future__ import annotations

import json
import math
import select
import struct
import time
from dataclasses import dataclass

import torch

from checker.text import one_line

_as_numpy = torch._C.TensorBase.numpy  # the C method: workers refuse Tensor.numpy

MAX_MESSAGE = 64 * 1024 * 1024    # bytes; a reply larger than this is refused
MAX_HEADER = 8 * 1024 * 1024
MAX_DEPTH = 32
MAX_REPR = 300

DTYPES = {
    str(dt).removeprefix("torch."): dt
    for dt in (
        torch.float16, torch.bfloat16, torch.float32, torch.float64,
        torch.complex64, torch.complex128,
        torch.uint8, torch.int8, torch.int16, torch.int32, torch.int64, torch.bool,
    )
}
ITEMSIZE = {dt: torch.empty((), dtype=dt).element_size() for dt in DTYPES.values()}


class DecodeError(Exception):
    """The other side sent something that is not a valid message."""


@dataclass(frozen=True)
class Other:
    """A value the worker could not send as plain data (a numpy array, a module...)."""

    type_name: str
    text: str

    def __repr__(self) -> str:
        return f"<{self.type_name}: {self.text}>"


@dataclass(frozen=True)
class Subclassed:
    """A tensor that came back as a subclass of torch.Tensor (the contract wants plain ones)."""

    type_name: str
    tensor: torch.Tensor


# ----------------------------------------------------------------------- encoding
def encode(value, keep_layout: bool = False) -> bytes:
    tensors: list[dict] = []
    blobs: list[bytes] = []
    tree = _enc(value, tensors, blobs, 0, keep_layout)
    header = json.dumps({"tree": tree, "tensors": tensors}).encode()
    return b"".join([struct.pack("<I", len(header)), header, *blobs])


def _short_repr(value) -> str:
    try:
        text = repr(value)
    except BaseException:  # a hostile __repr__ must not break the encoder
        text = "<unprintable>"
    return text if len(text) <= MAX_REPR else text[: MAX_REPR - 3] + "..."


def _enc(value, tensors, blobs, depth, keep=False):
    if depth > MAX_DEPTH:
        return {"other": "nested too deep", "repr": ""}
    if value is None or type(value) in (bool, str, float):
        return value
    if type(value) is int:
        return value if abs(value) < 2**63 else float(value)
    if isinstance(value, torch.Tensor):
        return _enc_tensor(value, tensors, blobs, keep)
    if type(value) is list:
        return {"list": [_enc(v, tensors, blobs, depth + 1, keep) for v in value]}
    if type(value) is tuple:
        return {"tuple": [_enc(v, tensors, blobs, depth + 1, keep) for v in value]}
    if type(value) is dict and all(type(k) is str for k in value):
        return {"dict": {k: _enc(v, tensors, blobs, depth + 1, keep) for k, v in value.items()}}
    return {"other": type(value).__name__, "repr": _short_repr(value)}


def _memory_order(t: torch.Tensor) -> list[int] | None:
    """The axes of ``t`` from the outermost in memory, when ``t`` is a permute of a dense
    tensor other than the identity (a transposed view); None otherwise."""
    if t.dim() < 2 or t.is_contiguous():
        return None
    order = sorted(range(t.dim()), key=lambda i: -t.stride(i))
    return order if t.permute(order).is_contiguous() else None


def _enc_tensor(t: torch.Tensor, tensors, blobs, keep=False):
    subclass = None if type(t) is torch.Tensor else type(t).__name__
    try:
        plain = t.as_subclass(torch.Tensor) if subclass else t
        plain = plain.detach()
        dtype = str(plain.dtype).removeprefix("torch.")
        if dtype not in DTYPES or plain.layout != torch.strided:
            return {"other": f"tensor ({plain.dtype}, {plain.layout})", "repr": ""}
        device = plain.device.type
        order = _memory_order(plain) if keep and device == "cpu" else None
        if device == "meta":
            data = b""
        else:
            flat = (plain if order is None else plain.permute(order)).cpu().contiguous().reshape(-1)
            data = _as_numpy(flat.view(torch.uint8)).tobytes() if flat.numel() else b""
    except BaseException as exc:  # hostile subclasses may raise anything
        return {"other": type(t).__name__, "repr": f"could not read tensor: {_short_repr(exc)}"}
    spec = {"dtype": dtype, "shape": list(plain.shape), "device": device,
            "subclass": subclass, "nbytes": len(data)}
    if order is not None:
        spec["order"] = order
    tensors.append(spec)
    blobs.append(data)
    return {"tensor": len(tensors) - 1}


# ----------------------------------------------------------------------- decoding
def decode(payload: bytes, layouts: bool = False):
    """Rebuild a value tree from ``payload``; tensors come back as plain CPU (or meta)
    tensors, a tensor subclass as ``Subclassed``, anything else as ``Other``.

    Any malformed payload raises DecodeError, never anything else (a header nested
    thousands deep, for one, would otherwise raise RecursionError here).
    """
    try:
        return _decode(payload, layouts)
    except DecodeError:
        raise
    except (RecursionError, MemoryError, ValueError, TypeError, KeyError, IndexError,
            OverflowError, RuntimeError, struct.error) as exc:
        raise DecodeError(f"malformed message ({type(exc).__name__})") from None


def _decode(payload: bytes, layouts: bool = False):
    if len(payload) < 4:
        raise DecodeError("message too short")
    (hlen,) = struct.unpack_from("<I", payload, 0)
    if hlen > MAX_HEADER or 4 + hlen > len(payload):
        raise DecodeError("bad header length")
    try:
        header = json.loads(payload[4 : 4 + hlen].decode("utf-8"))
    except (UnicodeDecodeError, ValueError) as exc:
        raise DecodeError(f"header is not JSON: {exc}") from None
    if not isinstance(header, dict) or not isinstance(header.get("tensors"), list):
        raise DecodeError("header has no tensor table")
    offset = 4 + hlen
    built: list = []
    for spec in header["tensors"]:
        t, offset = _dec_tensor(spec, payload, offset, layouts)
        subclass = spec.get("subclass")
        # a class name is one line: a newline in it could fake a line of the kit's own
        built.append(Subclassed(one_line(str(subclass)[:200], 200), t) if subclass else t)
    if offset != len(payload):
        raise DecodeError("trailing bytes after the last tensor")
    return _dec(header.get("tree"), built, 0)


def _dec_tensor(spec, payload: bytes, offset: int, layouts: bool = False):
    if not isinstance(spec, dict):
        raise DecodeError("tensor spec is not an object")
    dtype = DTYPES.get(spec.get("dtype"))
    shape = spec.get("shape")
    nbytes = spec.get("nbytes")
    device = spec.get("device")
    if dtype is None:
        raise DecodeError(f"dtype not allowed: {spec.get('dtype')!r}")
    if (not isinstance(shape, list) or len(shape) > 16
            or not all(type(s) is int and 0 <= s < 2**40 for s in shape)):
        raise DecodeError("bad shape")
    if device not in ("cpu", "meta", "cuda", "mps", "xpu"):
        raise DecodeError("bad device")
    numel = math.prod(shape)
    itemsize = ITEMSIZE[dtype]
    expected = 0 if device == "meta" else numel * itemsize
    if type(nbytes) is not int or nbytes != expected or offset + nbytes > len(payload):
        raise DecodeError("tensor size does not match its shape")
    if device == "meta":
        t = torch.empty(shape, dtype=dtype, device="meta")
    elif numel == 0:
        t = torch.empty(shape, dtype=dtype)
    else:
        buf = bytearray(payload[offset : offset + nbytes])
        t = torch.frombuffer(buf, dtype=dtype).reshape(shape)
    order = spec.get("order")
    if order is not None:  # a permuted layout (only where ``layouts``: the worker's side)
        if not layouts or not isinstance(order, list) or \
                sorted(o for o in order if type(o) is int) != list(range(len(shape))):
            raise DecodeError("bad layout")
        inverse = [order.index(i) for i in range(len(shape))]
        t = t.reshape([shape[i] for i in order]).permute(inverse)
    return t, offset + nbytes


def _dec(node, built, depth):
    if depth > MAX_DEPTH + 2:
        raise DecodeError("nested too deep")
    if node is None or type(node) in (bool, int, float, str):
        return node
    if type(node) is not dict or len(node) not in (1, 2):
        raise DecodeError("bad node")
    if "tensor" in node:
        i = node["tensor"]
        if type(i) is not int or not 0 <= i < len(built):
            raise DecodeError("bad tensor index")
        return built[i]
    if "list" in node and type(node["list"]) is list:
        return [_dec(v, built, depth + 1) for v in node["list"]]
    if "tuple" in node and type(node["tuple"]) is list:
        return tuple(_dec(v, built, depth + 1) for v in node["tuple"])
    if "dict" in node and type(node["dict"]) is dict:
        return {str(k): _dec(v, built, depth + 1) for k, v in node["dict"].items()}
    if "other" in node:
        # the type's name and its text on one line each (the fourth red team, B4)
        return Other(one_line(str(node["other"])[:200], 200),
                     one_line(str(node.get("repr", ""))[:MAX_REPR], MAX_REPR))
    raise DecodeError("unknown node")


# ----------------------------------------------------------------------- framing
def send(sock, payload: bytes) -> None:
    """Write one length-prefixed message."""
    sock.sendall(struct.pack("<Q", len(payload)) + payload)


def recv(sock, timeout: float | None, limit: int = MAX_MESSAGE) -> bytes:
    """Read one length-prefixed message.

    Raises TimeoutError when ``timeout`` seconds pass first, EOFError when the
    other side has gone, DecodeError when the announced size is over ``limit``.
    """
    deadline = None if timeout is None else time.monotonic() + timeout
    head = _recv_exact(sock, 8, deadline)
    (size,) = struct.unpack("<Q", head)
    if size > limit:
        raise DecodeError(f"message of {size} bytes is over the limit of {limit}")
    return _recv_exact(sock, size, deadline)


def _recv_exact(sock, n: int, deadline) -> bytes:
    chunks = bytearray()
    while len(chunks) < n:
        if deadline is not None:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError
            ready, _, _ = select.select([sock], [], [], left)
            if not ready:
                raise TimeoutError
        chunk = sock.recv(min(n - len(chunks), 1 << 20))
        if not chunk:
            raise EOFError
        chunks += chunk
    return bytes(chunks)
