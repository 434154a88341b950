"""Inputs in memory the checker reads back itself: "inputs unchanged" as a fact.

Whether a learner's function changed its inputs in place cannot be told by what its
worker says: the worker's Python is the learner's, and anything it sends back can be
forged. So for a call that must leave its inputs as they were, the checker (not the
worker) writes each input tensor into a shared memory region it made itself, the
worker's function gets tensors over that memory, and after the answer the checker
reads the region back with its own eyes. A change made in place is in the region;
nothing the worker sends decides it.

The region is a memfd made on the checker's side (workers may not make one: seccomp),
handed to each worker with its socket and mapped before any learner code runs. It is
sparse: only what a call writes costs memory. Where there is no memfd (macOS,
``ATTN_KIT_ENGINE=portable``: ``host``) it is an unlinked temporary file, the same to
both sides.

What this buys is the worker's word taken out of the case: a forged or dropped report of
the inputs (``args_forged_*``, ``unchanged_bypass``) decides nothing. What it does not buy:
what the region holds by the answer is still the worker's to decide, since code of the
learner's outside the function can write an input's bytes back before it answers (the
fourth red team's B2). That gains a function whose values are right its one property
case, no more than fixing the in-place line would; such code reaches the worker's
internals, which the grader's scan puts on the review list (docs/threat-model.md,
"Defences in proportion").
"""
from __future__ import annotations

import math
import mmap
import os

from checker.engine import codec, host

SHARED_BYTES = 16 * 1024 * 1024   # the hidden cases' inputs are a few kB
ALIGN = 64   # where each input starts: a multiple of every dtype's size


class TooLarge(ValueError):
    pass


class Region:
    """The checker's side: makes the region, places inputs, reads them back."""

    def __init__(self):
        self.fd = -1
        if host.memfd():
            try:
                self.fd = os.memfd_create("attn-kit-inputs", os.MFD_CLOEXEC)
            except OSError:
                pass
        if self.fd < 0:  # no memfd here: an unlinked temporary file
            import tempfile

            with tempfile.TemporaryFile() as file:
                self.fd = os.dup(file.fileno())
        os.ftruncate(self.fd, SHARED_BYTES)
        self.map = mmap.mmap(self.fd, SHARED_BYTES)

    def place(self, args: list) -> tuple[list, list]:
        """(args with each tensor replaced by None, where each one went:
        ``[index, part, offset, dtype, shape]``; ``part`` is the position inside a tuple or
        list argument (a KV cache), or None)."""
        import torch

        sent, layout, offset = list(args), [], 0
        view = torch.frombuffer(self.map, dtype=torch.uint8)

        def put(arg, i, part):
            nonlocal offset
            if not (type(arg) is torch.Tensor and arg.device.type == "cpu"
                    and str(arg.dtype).removeprefix("torch.") in codec.DTYPES):
                raise TooLarge(f"an input the region cannot hold: {type(arg).__name__} "
                               f"{arg.dtype} on {arg.device}")
            flat = arg.detach().contiguous().reshape(-1).view(torch.uint8)
            if offset + flat.numel() > SHARED_BYTES:
                raise TooLarge(f"inputs over {SHARED_BYTES} bytes")
            view[offset:offset + flat.numel()].copy_(flat)
            layout.append([i, part, offset, str(arg.dtype).removeprefix("torch."),
                           list(arg.shape)])
            offset += -(-flat.numel() // ALIGN) * ALIGN

        for i, arg in enumerate(args):
            if isinstance(arg, torch.Tensor):
                put(arg, i, None)
                sent[i] = None
            elif isinstance(arg, (tuple, list)) and any(isinstance(a, torch.Tensor) for a in arg):
                for j, a in enumerate(arg):
                    if isinstance(a, torch.Tensor):
                        put(a, i, j)
                sent[i] = [None if isinstance(a, torch.Tensor) else a for a in arg]
        return sent, layout

    def read(self, args: list, layout: list, moved) -> list:
        """The inputs as the region holds them now (copies; non-tensors as they were).

        ``moved`` is the worker's word that a tensor object its function got was changed
        without its memory (``unsqueeze_``, ``t_``, ``set_``). It decides nothing: a
        student who forged or dropped it would score above an honest one with the same
        code (the fourth red team, B1), so only what the region holds counts (the design
        rule's (b), docs/threat-model.md)."""
        after = [list(a) if isinstance(a, (tuple, list)) else a for a in args]
        for i, part, offset, dtype, shape in layout:
            tensor = tensor_at(self.map, offset, dtype, shape).clone()
            if part is None:
                after[i] = tensor
            else:
                after[i][part] = tensor
        return [type(a)(b) if isinstance(a, (tuple, list)) else b for a, b in zip(args, after)]

    def placed_bytes(self, layout: list) -> bytes:
        """The bytes of every input placed with ``layout``, as the region holds them now."""
        return b"".join(self.map[offset: offset + math.prod(shape) * _itemsize(dtype)]
                        for _, _, offset, dtype, shape in layout)

    def close(self) -> None:
        try:
            self.map.close()
        except BufferError:  # a tensor still views it: the mapping goes with the process
            pass
        os.close(self.fd)


def tensor_at(region, offset: int, dtype: str, shape: list):
    """A tensor over ``region`` (no copy) of ``dtype`` and ``shape`` at ``offset``."""
    import torch

    dt = codec.DTYPES[dtype]
    numel = math.prod(shape)
    if numel == 0:
        return torch.empty(shape, dtype=dt)
    return torch.frombuffer(region, dtype=dt, count=numel, offset=offset).view(shape)


def attach(fd: int):
    """The worker's side: map the region (before the audit hook refuses mmap)."""
    region = mmap.mmap(fd, SHARED_BYTES)
    os.close(fd)
    return region


def inputs(region, args: list, layout) -> list:
    """The worker's side: the call's arguments, with the placed ones over the region."""
    if region is None or not isinstance(layout, list):
        return args
    kinds = [type(a) if type(a) in (tuple, list) else None for a in args]
    args = [list(a) if kind else a for a, kind in zip(args, kinds)]
    for entry in layout:
        if not (isinstance(entry, list) and len(entry) == 5):
            continue
        i, part, offset, dtype, shape = entry
        if not (type(i) is int and 0 <= i < len(args) and dtype in codec.DTYPES and
                type(offset) is int and 0 <= offset and isinstance(shape, list) and
                all(type(s) is int and s >= 0 for s in shape) and
                offset + math.prod(shape) * _itemsize(dtype) <= SHARED_BYTES):
            continue
        tensor = tensor_at(region, offset, dtype, shape)
        if part is None:
            args[i] = tensor
        elif isinstance(args[i], list) and type(part) is int and 0 <= part < len(args[i]):
            args[i][part] = tensor
    return [kind(a) if kind else a for a, kind in zip(args, kinds)]


def placed(args: list, layout) -> list:
    """The worker's side, before the call: (tensor, shape, strides, address) of each
    placed input, to tell afterwards whether the object itself was changed."""
    found = []
    for entry in layout if isinstance(layout, list) else []:
        i, part = entry[0], entry[1]
        arg = args[i] if part is None else args[i][part]
        found.append((arg, tuple(arg.shape), arg.stride(), arg.data_ptr()))
    return found


def moved(before: list) -> list[bool]:
    """The worker's side, after the call: whether each placed tensor object now has
    another shape, strides or memory than it was given."""
    return [tuple(t.shape) != shape or t.stride() != stride or t.data_ptr() != address
            for t, shape, stride, address in before]


def _itemsize(dtype: str) -> int:
    import torch

    return torch.empty((), dtype=codec.DTYPES[dtype]).element_size()
