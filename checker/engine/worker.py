"""The worker: the only place where learner code runs.

A worker is forked (from the fork server) for one exercise file. It loads the
file, then answers call requests from the checker over one socket until the
socket closes. Everything it sends back goes through ``codec`` as plain data;
the checker decides what the data means. Nothing here is trusted by the
checker: a learner can monkeypatch this module, and that changes nothing but
the data this worker sends.
"""
from __future__ import annotations

import faulthandler
import importlib.abc
import linecache
import os
import signal
import sys
import types

from checker.engine import codec, host, landlock, process, sandbox, seccomp, shared, stack
from checker import i18n
from checker.i18n import t
from checker.engine.forbidden import (WATCHED_CLASSES, ForbiddenCall, make_guard,
                                      refuse_operations)
from checker.engine.problems import Problem

MAX_OUTPUT = 4000          # characters of printed output kept per call
MAX_MESSAGE_TEXT = 2000    # characters of an exception message kept
REFUSED_PACKAGES = ("solutions", "checker")
# never imported by learner code: numpy's __array_interface__ views any address (memory
# read and written with no audit event), so it is cut from what a worker can import
NEVER_IMPORTED = ("numpy",)


class _BoundedWriter:
    """Stands in for sys.stdout/sys.stderr: keeps the first MAX_OUTPUT characters, and
    counts all that was written (characters and lines), kept or not."""

    def __init__(self):
        self.parts: list[str] = []
        self.size = 0
        self.dropped = 0
        self.newlines = 0
        self.open_line = False   # the last line written has no newline yet

    def write(self, text):
        text = str(text)
        room = MAX_OUTPUT - self.size
        if room > 0:
            self.parts.append(text[:room])
            self.size += min(len(text), room)
        self.dropped += max(0, len(text) - max(room, 0))
        self.newlines += text.count("\n")
        if text:
            self.open_line = not text.endswith("\n")
        return len(text)

    def flush(self):
        pass

    def isatty(self):
        return False

    def take(self) -> tuple[str, int, int]:
        """(the text kept, characters not kept, lines written in all)."""
        taken = ("".join(self.parts), self.dropped, self.newlines + int(self.open_line))
        self.parts, self.size, self.dropped, self.newlines, self.open_line = [], 0, 0, 0, False
        return taken


# what an exercise that forbids ready-made calls may import besides the standard library:
# torch and what torch itself imports lazily (a ready-made softmax or attention in
# another library, scipy.special.softmax, sklearn's, is no hand-made one)
TORCH_PACKAGES = frozenset({"torch", "functorch", "torchgen", "numpy", "sympy", "mpmath",
                            "typing_extensions", "filelock", "jinja2", "markupsafe",
                            "networkx", "fsspec", "opt_einsum", "optree"})


class _RefuseImports(importlib.abc.MetaPathFinder):
    """Exercise files may not import the kit's solutions or checker; where ready-made
    calls are forbidden, nothing but the standard library and torch's own."""

    def __init__(self, only_torch: bool = False):
        self.only_torch = only_torch

    def find_spec(self, fullname, path=None, target=None):
        top = fullname.split(".")[0]
        if top in REFUSED_PACKAGES or (self.only_torch and top not in TORCH_PACKAGES
                                       and top not in sys.stdlib_module_names):
            raise ImportError(t(
                "importing {name} is not allowed in an exercise file: each exercise imports "
                "only torch, math and the standard library", name=repr(fullname)))
        return None


def _answer_where(sock, where: stack.Stack):
    """The handler of ``process.WHERE_SIGNAL``, installed before any learner code runs: it sends the
    innermost line of the learner's file on the stack (read as text, ``stack.Stack``; the
    interrupted frame it is handed is never touched) as ``{"stopped_at": {...}}``. The
    checker kills the worker right after; what it sends is plain data the checker checks."""
    def answer(signum, frame):
        del frame  # a frame leads to the worker's own objects: only the dumped text is used
        try:
            line = where.learner_line()
            codec.send(sock, codec.encode({"stopped_at": None if line is None else {
                "line": line["line"], "function": line["function"]}}))
        except BaseException:
            pass
    return answer


def _describe(exc: BaseException, where: stack.Stack) -> dict:
    frames = where.learner_frames(exc)
    if isinstance(exc, NotImplementedError) and _raised_by_a_raise(frames):
        kind = Problem.NOT_IMPLEMENTED  # the stub's own `raise NotImplementedError`
    elif isinstance(exc, ForbiddenCall):
        kind = Problem.FORBIDDEN
    elif isinstance(exc, SystemExit):
        kind = Problem.EXIT
    else:
        kind = Problem.EXCEPTION
    try:
        message = str(exc)
    except BaseException:
        message = str(t("<unprintable message>"))  # plain str: the codec sends exact types
    if kind == Problem.EXIT:
        message = str(t("the code called sys.exit({code})", code=repr(exc.code)))
    if len(message) > MAX_MESSAGE_TEXT:
        message = message[:MAX_MESSAGE_TEXT] + " ..."
    if isinstance(exc, ModuleNotFoundError) and (exc.name or "").startswith("ex"):
        message = str(t("{message} (each exercise file must be self-contained: copy what you "
                        "need instead of importing another exercise)", message=message))
    return {"kind": kind.value, "type": type(exc).__name__, "message": message,
            "frames": frames}


def _raised_by_a_raise(frames: list[dict]) -> bool:
    """Whether a NotImplementedError was raised by a `raise` of the learner's file (the
    stub's, or one of their own), rather than by torch below one of their lines: torch
    raises it too (`.cpu()` of a meta tensor: "Cannot copy out of meta tensor"), and that
    is an error of the code, not an exercise not started. No frame of the file: as raised."""
    return not frames or str(frames[-1].get("code", "")).startswith("raise")


class _Session:
    def __init__(self, sock, config: dict):
        self.sock = sock
        self.file = os.path.abspath(config["file"])
        # a model's program may also call the learner's other exercise files (models/run.py)
        self.more_files = [os.path.abspath(f) for f in config.get("more_files", [])]
        self.stack = stack.Stack(self.file, tuple(self.more_files))  # line numbers as text
        self.more_modules: list = []
        self.forbidden_seen: list[dict] = []
        self.out = _BoundedWriter()
        self.guard = make_guard(config.get("forbidden", []), self._forbidden)
        # underneath the guard, which learner code could pop: the operations themselves
        # (pinned out of reach: this is only how many kernels refuse)
        forbidden = [str(n) for n in config.get("forbidden", [])]
        self.refusals = refuse_operations(forbidden, self._forbidden)
        self.module = None
        self.layers: dict[str, str] = {}  # what confines this worker: '' on, else why not
        self.program = None    # a kit program prepared before the guard (see prepare_program)
        self.region = None     # the checker's input region (shared.py), mapped before the guard

    def _forbidden(self, name: str) -> str:
        where = self.stack.learner_line()
        self.forbidden_seen.append({"call": name, "where": where})
        if where:
            return t("{call} is not allowed in this exercise (line {line}: {code})", call=name,
                     line=where["line"], code=where["code"])
        return t("{call} is not allowed in this exercise", call=name)

    def _guarded(self, fn, *args, **kwargs):
        if self.guard is None:
            return fn(*args, **kwargs)
        with self.guard():
            return fn(*args, **kwargs)

    def reply(self, message: dict) -> None:
        message["output"], message["output_cut"], message["output_lines"] = self.out.take()
        message["forbidden"], self.forbidden_seen = self.forbidden_seen, []
        try:
            payload = codec.encode(message)
        except BaseException as exc:  # e.g. a result too odd to encode
            payload = codec.encode({"ok": False, "error": {
                "kind": Problem.EXCEPTION.value, "type": type(exc).__name__,
                "message": str(t("the result could not be sent back: {error}", error=exc)),
                "frames": []}})
        codec.send(self.sock, payload)

    # ------------------------------------------------------------------ steps
    def load(self, source: str, more: list | None = None) -> None:
        """Run the exercise file's text as a module (the checker read it; we never open it),
        then a model's other files (``more``, texts in the order of ``more_files``).
        The answer also says which layers confine this worker (``layers``): what the
        learner's report lists when some were left out (the worker's word, shown to the
        learner only; a grade probes the layers itself)."""
        modules = []
        for file, text in zip([self.file, *self.more_files], [source, *(more or [])]):
            module, error = self._module(file, text)
            if error is not None:
                if file != self.file:
                    error["file"] = os.path.basename(file)
                self.reply({"ok": False, "error": error, "layers": self.layers})
                return
            modules.append(module)
        if len(modules) != 1 + len(self.more_files):
            self.reply({"ok": False, "error": {"kind": Problem.LOAD.value, "type": "ValueError",
                                               "message": "a file is missing", "frames": []},
                        "layers": self.layers})
            return
        self.module, self.more_modules = modules[0], modules[1:]
        self.reply({"ok": True, "layers": self.layers})

    def _module(self, file: str, source: str):
        """(module, None), or (None, the error) when the text does not load."""
        name = os.path.splitext(os.path.basename(file))[0]
        module = types.ModuleType(name)
        module.__file__ = file
        module.__dict__["__builtins__"] = _learner_builtins()
        lines = source.splitlines(keepends=True)
        linecache.cache[file] = (len(source), None, lines, file)  # for tracebacks
        sys.modules[name] = module
        try:
            code = compile(source, file, "exec", dont_inherit=True)
            self._guarded(exec, code, module.__dict__)
        except BaseException as exc:
            if isinstance(exc, SyntaxError) and os.path.abspath(exc.filename or "") == file:
                error = {"kind": Problem.SYNTAX.value, "type": type(exc).__name__,
                         "message": exc.msg,
                         "frames": [{"line": exc.lineno, "function": "<module>",
                                     "code": (exc.text or "").strip()}]}
            else:
                error = _describe(exc, self.stack)
                if error["kind"] != Problem.EXIT:
                    error["kind"] = Problem.LOAD.value
            return None, error
        return module, None

    def call(self, request: dict) -> None:
        name = request["func"]
        fn = getattr(self.module, name, None)
        if not callable(fn):
            self.reply({"ok": False, "error": {
                "kind": Problem.MISSING.value, "type": "AttributeError",
                "message": str(t("the file defines no function named {name}",
                                 name=repr(name))),
                "frames": []}})
            return
        # inputs the checker placed in its region: it reads them back itself after the call
        args = shared.inputs(self.region, list(request.get("args", [])), request.get("shared"))
        given = shared.placed(args, request.get("shared")) if self.region is not None else []
        kwargs = dict(request.get("kwargs", {}))
        grad = request.get("grad")
        if request.get("measure"):
            # the inputs are in place: the checker resets the kernel's peak of this process
            # now and reads it after the answer (engine/memory.py); wait for its go
            codec.send(self.sock, codec.encode({"measure": "ready"}))
            codec.recv(self.sock, None)
        try:
            if grad:
                for i in grad["wrt"]:
                    args[i] = args[i].detach().clone().requires_grad_(True)
                result = self._guarded(fn, *args, **kwargs)
                grads = self._gradients(result, args, grad)
            else:
                result = self._guarded(fn, *args, **kwargs)
                grads = None
        except BaseException as exc:
            self.reply({"ok": False, "error": _describe(exc, self.stack)})
            return
        message = {"ok": True, "result": result, "grads": grads}
        if given:
            message["moved"] = shared.moved(given)
        if request.get("shares"):
            message["shares"] = shares(result, args)
        self.reply(message)

    def run_program(self, request: dict) -> None:
        """Run the kit's program (prepared before the guard) on the learner's functions.

        The program gets one argument, ``learner(name)``, which returns the learner's
        function of that name called inside the forbidden-call guard; what it returns
        is plain data for the codec."""
        def learner(name: str):
            fn = next((getattr(m, name) for m in (self.module, *self.more_modules)
                       if callable(getattr(m, name, None))), None)
            if fn is None:
                raise LookupError(t("the file defines no function named {name}",
                                    name=repr(name)))
            return lambda *args, **kwargs: self._guarded(fn, *args, **kwargs)

        if self.program is None:
            self.reply({"ok": False, "error": {"kind": Problem.EXCEPTION.value,
                                               "type": "LookupError",
                                               "message": "no program", "frames": []}})
            return
        try:
            result = self.program(learner, request.get("params") or {})
        except BaseException as exc:
            self.reply({"ok": False, "error": _describe(exc, self.stack)})
            return
        self.reply({"ok": True, "result": result})

    def _gradients(self, result, args, grad):
        import torch

        out = result
        if grad.get("output_index") is not None and isinstance(result, (tuple, list)):
            out = result[grad["output_index"]]
        if not isinstance(out, torch.Tensor) or not out.requires_grad:
            return "no_graph"
        if out.shape != grad["grad_output"].shape:
            return {"wrong_shape": list(out.shape)}
        inputs = [args[i] for i in grad["wrt"]]
        # Backpropagate the scalar <out, grad_output>: the same gradients as passing
        # grad_outputs, without the ~0.5 s import that path triggers in torch 2.x.
        loss = (out * grad["grad_output"]).sum()
        g = self._guarded(torch.autograd.grad, loss, inputs, allow_unused=True)
        return list(g)

    def serve(self) -> None:
        try:
            first = codec.decode(codec.recv(self.sock, None))
        except (EOFError, OSError, codec.DecodeError):
            return
        if not isinstance(first, dict) or not isinstance(first.get("source"), str):
            return
        more = first.get("more")
        self.load(first["source"], more if isinstance(more, list) and
                  all(isinstance(m, str) for m in more) else None)
        while True:
            try:
                request = codec.decode(codec.recv(self.sock, None), layouts=True)
            except (EOFError, OSError, codec.DecodeError):
                return
            if self.module is None:
                return
            if isinstance(request, dict) and request.get("program"):
                self.run_program(request)
            else:
                self.call(request)


def shares(result, args: list) -> list[int] | None:
    """The indices of the arguments whose memory a returned tensor (the result, or an item
    of a returned tuple or list) overlaps: the input itself, or a view of it; never a copy.
    Asked for by one property case (``Learner.sharing``): what it says is the worker's word
    (docs/threat-model.md). None when it cannot be told."""
    import torch

    def span(x):
        if type(x) is not torch.Tensor or x.device.type != "cpu" or x.numel() == 0:
            return None
        last = sum((size - 1) * stride for size, stride in zip(x.shape, x.stride()))
        return x.data_ptr(), x.data_ptr() + (last + 1) * x.element_size()

    try:
        outs = [s for s in map(span, result if isinstance(result, (tuple, list)) else [result])
                if s is not None]
        found = []
        for i, arg in enumerate(args):
            a = span(arg)
            if a is not None and any(lo < a[1] and a[0] < hi for lo, hi in outs):
                found.append(i)
        return found
    except Exception:  # noqa: BLE001 (a tensor of the learner's that will not say)
        return None


def fast_meta_kernels(torch) -> None:
    """Shape-only meta kernels for the operations a causal mask is built from.

    On the meta device a tensor has no data, so these kernels only work out the
    result's shape and dtype. torch's own Python meta kernels for these operations
    import torch._dynamo and sympy on first use, about 1.5 to 2 s, which would
    make exercise 07's device case cost more than the rest of a check. Kernels are
    registered for the Meta dispatch key only: CPU tensors are not affected.
    """
    global _META_LIB
    try:
        lib = torch.library.Library("aten", "IMPL")

        def same(self, *args, **kwargs):
            return torch.empty(self.shape, dtype=self.dtype, device=self.device)

        def same_inplace(self, *args, **kwargs):
            return self

        def as_bool(self, *args, **kwargs):
            return torch.empty(self.shape, dtype=torch.bool, device=self.device)

        def broadcast(self, other):
            if isinstance(other, torch.Tensor):
                return torch.broadcast_shapes(self.shape, other.shape)
            return self.shape

        def compare(self, other, *args, **kwargs):
            return torch.empty(broadcast(self, other), dtype=torch.bool, device=self.device)

        def bitwise(self, other, *args, **kwargs):
            return torch.empty(broadcast(self, other), dtype=torch.result_type(self, other),
                               device=self.device)

        for op in ("tril", "triu", "bitwise_not"):
            lib.impl(op, same, "Meta")
        for op in ("tril_", "triu_"):
            lib.impl(op, same_inplace, "Meta")
        lib.impl("logical_not", as_bool, "Meta")
        for op in ("eq", "ne", "lt", "le", "gt", "ge"):
            for overload in ("Scalar", "Tensor"):
                lib.impl(f"{op}.{overload}", compare, "Meta")
        for op in ("logical_and", "logical_or"):
            lib.impl(op, compare, "Meta")
        for op in ("bitwise_and", "bitwise_or"):
            for overload in ("Tensor", "Scalar"):
                lib.impl(f"{op}.{overload}", bitwise, "Meta")
        _META_LIB = lib
    except Exception:  # an older or newer torch: fall back to its own kernels
        pass


_META_LIB = None


def warm_up(torch) -> None:
    """Run, once in the fork server, what every worker's first call would set up lazily.

    A worker's first call costs 3 to 5 ms more than the next ones (torch's first
    operations, the first TorchFunctionMode, the codec's first tensors); done here,
    every forked worker inherits it ready.
    """
    try:
        from torch.overrides import TorchFunctionMode

        class _Idle(TorchFunctionMode):
            def __torch_function__(self, func, types, args=(), kwargs=None):
                return func(*args, **(kwargs or {}))

        x = torch.randn(3, 4, dtype=torch.float64).float()
        with _Idle():
            scores = (x @ x.transpose(-2, -1)) / 2.0
            mask = torch.tril(torch.ones(3, 3, dtype=torch.bool))
            weights = scores.masked_fill(~mask, float("-inf"))
            weights = (weights - weights.amax(-1, keepdim=True)).exp()
            weights = weights / weights.sum(-1, keepdim=True)
            out = torch.softmax(scores, dim=-1) @ x + weights @ x
        out.requires_grad_(True)
        (out * out).sum().backward()
        codec.decode(codec.encode({"ok": True, "result": (out.detach(), mask, x.double())}))
    except Exception:
        pass


def warm_up_meta(torch) -> None:
    """Make operations on the meta device work in every worker.

    Cases run a learner's whole function on meta tensors (is the mask made on the
    input's device?). On the meta device, torch runs operations through Python
    references that (1) import sympy on first use (0.3 s: ``meta_operations`` does that
    once in the fork server) and (2) wrap themselves in ``torch._dynamo.disable``, which
    imports all of torch._dynamo (0.6 s, and it wants a temporary folder, which a worker
    may not create). Workers never compile anything, so they get a stand-in
    ``torch._dynamo`` whose ``disable`` leaves a function as it is and whose
    ``graph_break`` (torch.optim's optimisers call it in every step; the kit's tiny GPT
    trains in a worker) does nothing; anything else of it raises. A process that has
    already imported the real one keeps it.
    """
    import types

    if "torch._dynamo" not in sys.modules:
        stand_in = types.ModuleType("torch._dynamo", "torch._dynamo is not available to "
                                    "exercise workers (nothing is compiled there)")

        def disable(fn=None, recursive=True, **_):
            return fn if fn is not None else (lambda f: f)

        def graph_break():  # torch.optim's step marks one; there is no graph to break
            return None

        stand_in.disable = disable
        stand_in.graph_break = graph_break
        sys.modules["torch._dynamo"] = stand_in


def meta_operations(torch) -> None:
    """Import what torch's Python code imports on first use, and run each kind of meta
    operation once, in the fork server before its hello, so that every worker inherits it
    done: a worker could not do it itself (sympy's import reads ``__code__``, which the
    audit hook refuses to learner code). Elementwise operations on the meta device and
    ``torch.broadcast_shapes`` (a correct 13 of the blind set 19 used it) need
    ``torch.fx.experimental.symbolic_shapes`` and with it sympy: 0.3 s, once per server,
    while the checker imports pytest and collects the cases."""
    try:
        import torch.fx.experimental.symbolic_shapes  # noqa: F401

        x = torch.empty(2, 3, device="meta")
        y = (x / 2.0 + 1.0).exp() * x - x
        torch.where(y > 0, y, x)
        torch.cat([x, y]), torch.stack([x, y])
        (x @ x.transpose(-2, -1)).masked_fill(torch.ones(2, 2, dtype=torch.bool, device="meta"),
                                              float("-inf"))
        torch.broadcast_shapes((2, 1), (3,))
    except Exception:
        pass


SYSTEM_LIBRARIES = ("/usr/lib", "/usr/lib64", "/lib", "/lib64", "/usr/local/lib",
                    "/etc/ld.so.cache")  # what a lazily loaded extension module may need


def reach(config: dict) -> tuple[list[str], list[str]]:
    """(hidden, allowed): what learner code may not read, and what it may.

    Hidden: the kit's solutions and checker (and, for a source checkout, everything
    in it: tests hold correct answers too, and .git the history), and what the
    grader hides (the submissions, the output folder). Allowed: Python's prefixes,
    site-packages and torch, for lazy imports, and the system's shared libraries.
    Where both hold a path, the deeper folder decides (a virtual environment inside
    the kit's checkout stays readable; the kit installed in site-packages does not)."""
    import site

    import torch

    kit = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    hidden = [os.path.join(kit, "solutions"), os.path.join(kit, "checker"),
              *[p for p in config.get("hide", []) if isinstance(p, str)]]
    if os.path.exists(os.path.join(kit, "pyproject.toml")):
        hidden.append(kit)
    allowed = [sys.prefix, sys.base_prefix, os.path.dirname(os.path.dirname(torch.__file__))]
    try:
        allowed += site.getsitepackages()
    except AttributeError:
        pass
    allowed = [p for p in allowed if os.path.realpath(p) != os.path.realpath(kit)]
    return hidden, allowed + [p for p in SYSTEM_LIBRARIES if os.path.exists(p)]


_REACHED: dict[tuple, tuple[list[str], list[str], list[str]]] = {}  # hide -> reach, grants


def reached(config: dict) -> tuple[list[str], list[str], list[str]]:
    """``reach(config)`` and the paths Landlock grants for it (``landlock.grants``): the same
    for every worker of a run (they depend on the kit's place and the run's ``hide``), so
    worked out once, by the fork server before it forks (``prepare``), and inherited."""
    key = tuple(p for p in config.get("hide", []) if isinstance(p, str))
    if key not in _REACHED:
        hidden, allowed = reach(config)
        _REACHED[key] = (hidden, allowed, landlock.grants(allowed, hidden))
    return _REACHED[key]


WORKER_ENVIRONMENT = {"PATH": "/usr/bin:/bin"}  # all the environment learner code sees


def own_environment() -> None:
    """Make the process's environment ``WORKER_ENVIRONMENT`` (``os.environ`` and the C
    library's) and the engine asked for (``host.environment``), unless it is that already
    (a fork server's ``prepare`` made it so)."""
    wanted = {**WORKER_ENVIRONMENT, **host.environment()}
    if dict(os.environ) != wanted:
        os.environ.clear()
        os.environ.update(wanted)


def one_thread(torch) -> None:
    """torch on one thread (the fork server sets it before its first operation, so that
    no OpenMP pool of its own is ever forked; setting it again costs a worker 0.2 ms)."""
    if torch.get_num_threads() != 1:
        torch.set_num_threads(1)


def prepare(config: dict) -> None:
    """What a worker's set-up needs and every worker of a run shares, worked out in the
    fork server before it forks one (each inherits it ready): what the worker may reach,
    the audit hook's folders, the seccomp filter, the C functions and ctypes types the
    set-up calls and fills (made in a worker, they cost it copied pages), the worker's
    environment (the server needs nothing of its own once it has started). Nothing here
    is confined yet, and no learner code is near."""
    own_environment()
    hidden, allowed, _ = reached(config)
    sandbox.path_rules(tuple(hidden), tuple(allowed))
    sandbox.prepare()
    seccomp.prepared()


def _cut_numpy(torch) -> None:
    """Learner code's ready paths to numpy: ``Tensor.numpy`` and ``Tensor.__array__``
    refuse (and the learner's module imports through ``_learner_builtins``). Defence in
    depth, not a fact the grader relies on: torch's own modules still hold numpy and import
    it lazily (the codec sends tensors through torch._C.TensorBase.numpy)."""
    def refuse(*args, **kwargs):
        raise sandbox.Refused(t("{event} is not allowed in an exercise", event="numpy"))

    for attr in ("numpy", "__array__"):
        setattr(torch.Tensor, attr, refuse)


def _learner_builtins() -> dict:
    """The builtins of the learner's module: Python's, with an ``__import__`` that refuses
    NEVER_IMPORTED for an import statement in learner code (numpy is loaded for torch, so
    no import event would stop it)."""
    import builtins

    real = builtins.__import__
    never = frozenset(NEVER_IMPORTED)

    def learner_import(name, globals=None, locals=None, fromlist=(), level=0):
        if level == 0 and isinstance(name, str) and name.split(".")[0] in never:
            raise ImportError(t(
                "importing {name} is not allowed in an exercise file: each exercise imports "
                "only torch, math and the standard library", name=repr(name)))
        return real(name, globals, locals, fromlist, level)

    return {**vars(builtins), "__import__": learner_import}


class KitError(Exception):
    """The kit could not set a worker up (nothing of the learner's has run yet)."""


def _guard_learner_code(config: dict) -> dict[str, str]:
    """Confine what learner code can reach, kernel first (Landlock: files; seccomp:
    system calls), then the audit hook, which also refuses what the kernel cannot
    name (files named like exercise files) and says why in the learner's words.
    With ``require_kernel`` (``grade --require-sandbox``) a kernel layer that cannot
    be installed is a KitError. Returns each kernel layer's answer ('' once on, else
    why not: off Linux, both say so without a call)."""
    hidden, allowed, granted = reached(config)
    os.chdir("/")  # a relative path leads nowhere near the kit or the submissions
    answers = {"Landlock": landlock.restrict(granted), "seccomp": seccomp.install()}
    missing = [f"{name}: {why}" for name, why in answers.items() if why]
    if missing and (config.get("limits") or {}).get("require_kernel"):
        raise KitError("; ".join(missing))
    names = {os.path.basename(config["file"]), *config.get("exercise_files", [])}
    # the kit's import finders (refusals as a torch module loads, the refused packages'
    # wording) must stay first in sys.meta_path and unchanged: the hook checks them, with
    # frozen copies, at every fresh import; which packages may be imported the hook
    # decides itself
    ours = tuple(f for f in sys.meta_path if type(f).__module__.startswith("checker."))
    watched = [(f, tuple(vars(f).items())) for f in ours]
    for cls in {type(f) for f in ours} | set(WATCHED_CLASSES):
        watched.append((cls, tuple((k, v) for k, v in vars(cls).items()
                                   if isinstance(v, types.FunctionType))))
    sandbox.audit_guard(hidden, allowed, names, refused_imports=frozenset(REFUSED_PACKAGES),
                        allowed_imports=TORCH_PACKAGES if config.get("forbidden") else None,
                        watched=tuple(watched), first=ours)
    return {"landlock": answers["Landlock"], "seccomp": answers["seccomp"]}


PROGRAM_PACKAGE = "checker.models."


def prepare_program(config: dict):
    """The kit's program a worker runs on the learner's functions, if the checker asked
    for one: ``config["program"]`` names a module of the kit's models part and its
    preparation parameters. The module's ``prepare(params)`` runs now, before any
    learner code is loaded and before the guard, so it may read what it needs (model
    weights); it returns the callable ``run_program`` calls later."""
    import importlib

    program = config.get("program")
    if not program:
        return None
    name = program.get("module", "")
    if not (isinstance(name, str) and name.startswith(PROGRAM_PACKAGE)):
        raise ValueError(f"not a program of the kit: {name!r}")
    return importlib.import_module(name).prepare(program.get("params") or {})


_KIT_MODULES: tuple[int, tuple[str, ...]] = (-1, ())  # (len(sys.modules), names): kit_modules


def kit_modules() -> tuple[str, ...]:
    """The names in ``sys.modules`` of the kit's own packages (``REFUSED_PACKAGES``), which
    a worker drops before any learner code runs (a cached module is imported without
    asking a finder). Listed again only when ``sys.modules`` has grown since the last
    listing: before that drop nothing of the kit removes a module, so the same size is the
    same list. The fork server lists them before each fork and its workers inherit the list:
    walking sys.modules' 2,000 names writes to every page that holds one (each name's
    reference count), and a forked worker paid 900 copied pages, 3 ms, for it."""
    global _KIT_MODULES
    size = len(sys.modules)
    if _KIT_MODULES[0] != size:
        _KIT_MODULES = (size, tuple(n for n in list(sys.modules)
                                    if n.partition(".")[0] in REFUSED_PACKAGES))
    return _KIT_MODULES[1]


def run(sock, config: dict, shared_fd: int | None = None) -> None:
    """Entry point in the freshly forked worker process; never returns."""
    code = 0
    try:
        os.setsid()
        # the kit's own texts in the run's language; the catalog is read now (the fork
        # server has it already), before the audit guard refuses reading the kit's files
        i18n.catalog(i18n.set_lang(config.get("lang", "en")))
        faulthandler.disable()  # a crash must not dump a Python traceback on the learner's screen
        signal.signal(signal.SIGINT, signal.SIG_DFL)
        import torch

        one_thread(torch)  # a forked child must not reuse the parent's OpenMP pool
        if _META_LIB is None:  # normally registered once, in the fork server
            fast_meta_kernels(torch)
        own_environment()  # the grader's (its home, paths, tokens): nothing a learner may read
        program = prepare_program(config)  # the kit's own code, before anything is confined
        region = shared.attach(shared_fd) if shared_fd is not None else None  # before mmap is refused
        held = sandbox.apply(sandbox.Limits.from_dict(config.get("limits")),
                             config.get("own_uid", False), config.get("keep_reading", False))
        process.die_with_parent()  # after apply: changing the user id clears the parent-death signal
        devnull = os.open(os.devnull, os.O_RDWR)
        for fd in (0, 1, 2):
            os.dup2(devnull, fd)
        os.close(devnull)
        for name in kit_modules():  # listed by the fork server (see kit_modules)
            sys.modules.pop(name, None)
        sys.meta_path.insert(0, _RefuseImports(only_torch=bool(config.get("forbidden"))))
        # exercises are self-contained: never importable from each other's folder
        folder = os.path.dirname(os.path.abspath(config["file"]))
        sys.path[:] = [p for p in sys.path if p not in ("", ".", folder, os.getcwd())]
        session = _Session(sock, config)
        session.program = program
        session.region = region
        signal.signal(process.WHERE_SIGNAL, _answer_where(sock, session.stack))  # before the guard
        _cut_numpy(torch)
        sandbox.close_other_fds(keep=(sock.fileno(), *session.stack.fds()))
        sys.stdout = sys.stderr = session.out
        # last: nothing of ours may need those files later
        session.layers = {**_guard_learner_code(config), **held}
    except BaseException as exc:
        # the kit's own set-up failed, before any learner code: say so (a kit error, not
        # the student's crash), then end
        try:
            codec.send(sock, codec.encode({"ok": False, "kit_error": str(
                f"{type(exc).__name__}: {exc}")[:MAX_MESSAGE_TEXT]}))
        except BaseException:
            pass
        os._exit(70)
    try:
        session.serve()
    except BaseException:
        code = 70
    finally:
        os._exit(code)
