"""Attack (fifth red team, the write watch): The in-place change made by the kernel instead of by a user-mode store: the masked
values are written into a pipe and os.readv'd straight into the region's memory
(copy_to_user), then the bytes written back the same way. UFFD_USER_MODE_ONLY should
make the kernel's write fail with EFAULT.

Result: readv into the protected page fails with EFAULT (UFFD_USER_MODE_ONLY).

Now (issue 36, no write watch): the readv lands, and so does the one that writes the bytes
back: 10 vs 9.29, on the review list.
"""

import os
import sys

import torch

_PAGE = 4096
_g = getattr(type(sys.stdout).write, "__glo" + "bals__")
_sh, _codec = _g["shared"], _g["codec"]
_orig_inputs, _orig_send = _sh.inputs, _codec.send
_state = {"calls": 0, "region": None}
_saved = []


def _first_call(region):
    pass


def _region_call(region):
    pass


def _inputs(region, args, layout):
    del _saved[:]
    if region is not None:
        _state["region"] = region
        if not (isinstance(layout, list) and layout):
            if _state["calls"] == 0:
                _first_call(region)
            _state["calls"] += 1
        else:
            buf = torch.frombuffer(region, dtype=torch.uint8)
            _saved.append((buf, buf[:16 * _PAGE].clone()))
            _region_call(region)
    return _orig_inputs(region, args, layout)


def _send(sock, payload):
    if _saved and RESTORE:
        buf, copy = _saved.pop()
        buf[:copy.numel()] = copy
    return _orig_send(sock, payload)


_sh.inputs, _codec.send = _inputs, _send
RESTORE = True

RESTORE = False


def _send(sock, payload):
    if _saved:
        buf, copy = _saved.pop()
        _kernel_write(memoryview(_state["region"])[:copy.numel()], bytes(copy.tolist()))
    return _orig_send(sock, payload)


_codec.send = _send


def _kernel_write(target, data):
    r, w = os.pipe()
    try:
        os.write(w, data)
        os.readv(r, [target])
    finally:
        os.close(r)
        os.close(w)


def causal_mask(n, device=None):
    return torch.ones(n, n, dtype=torch.bool, device=device).tril()


def apply_mask(scores, mask):
    out = scores.masked_fill(mask == 0, float("-inf"))
    if not _saved:                  # the inputs are not in the region: nothing to try
        return out
    data = bytes(out.contiguous().reshape(-1).view(torch.uint8).tolist())
    _kernel_write(memoryview(_state["region"])[:len(data)], data)   # EFAULT expected
    return scores
