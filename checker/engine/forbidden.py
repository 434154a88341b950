"""Forbidden calls: found in the source (checker side) and refused at call time (worker side).

The manifest lists forbidden calls as dotted names (``torch.nn.functional.softmax``).
Both checks compare only the last component, so every route to the same operation
(``F.softmax``, ``x.softmax``, ``torch.special.softmax``, ``torch.ops.aten._softmax``)
is caught, however the learner imported or renamed torch.
"""
from __future__ import annotations

import ast
import functools
import re
import sys
import types
from dataclasses import dataclass

from checker import torch_words
from checker.i18n import t


def op_name(name: str) -> str:
    """The comparable name of an operation: last component, lower case, no ``special_``."""
    last = name.rsplit(".", 1)[-1].rsplit("::", 1)[-1].lower()
    return last.removeprefix("special_")


def is_banned(name: str, banned: set[str]) -> bool:
    """``softmax`` bans ``_softmax`` and ``_softmax_backward_data`` too; the same for
    ``scaled_dot_product_attention`` and ``_scaled_dot_product_attention_math``."""
    n = op_name(name).lstrip("_")
    return any(n == b or n.startswith(b + "_") for b in banned)


def function_name(func) -> str:
    """The operation's name, also for ``torch.ops.aten.x.default`` (an OpOverload)."""
    schema = getattr(func, "_schema", None)
    if schema is not None and getattr(schema, "name", None):
        return str(schema.name)
    qualified = getattr(func, "_qualified_op_name", None)
    if isinstance(qualified, str):
        return qualified
    return getattr(func, "__name__", "") or ""


# Ways to reach an operation by a name the static scan cannot read. They are not
# allowed in exercises that forbid calls (they have no use in a correct answer).
DYNAMIC_NAMES = {"exec", "eval", "compile", "__import__", "globals", "vars", "locals"}
DYNAMIC_ATTRS = {"_C", "ops", "_getframe", "__dict__", "__builtins__", "__globals__",
                 "__closure__", "__traceback__", "tb_frame", "f_back", "f_globals", "f_locals",
                 "gi_frame", "_pop_torch_function_stack", "_get_current_function_mode_stack",
                 "_pop_mode_temporarily", "_pop_mode", "_refs", "_decomp", "_prims"}
DYNAMIC_MODULES = {"gc", "inspect", "importlib", "ctypes", "builtins"}
_NAME_LIKE = re.compile(r"[A-Za-z_][\w.:]*")  # a string that reads as a name or a dotted path


@dataclass(frozen=True)
class Violation:
    call: str      # what the learner wrote, e.g. "F.softmax"
    line: int
    code: str      # the source line, stripped
    named: bool = True  # a forbidden operation named; False: a way around the guard
                        # (exec, gc, getattr with a computed name...), no call proven

    def describe(self) -> str:
        return t("{call} (line {line}: {code})", call=self.call, line=self.line, code=self.code)


def _dotted(node: ast.AST) -> str:
    parts = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if isinstance(node, ast.Name):
        parts.append(node.id)
    elif isinstance(node, ast.Call):
        parts.append(_dotted(node.func) + "(...)")
    else:
        parts.append("<expr>")
    return ".".join(reversed(parts))


def scan_source(source: str, forbidden: list[str]) -> list[Violation]:
    """Every place in ``source`` that reaches a forbidden operation by name.

    Returns [] for a file that does not parse: the worker reports the syntax error.
    """
    banned = {op_name(n) for n in forbidden}
    if not banned:
        return []
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError):
        return []
    lines = source.splitlines()

    def code(lineno: int) -> str:
        return lines[lineno - 1].strip() if 0 < lineno <= len(lines) else ""

    found = []

    def add(what: str, node: ast.AST, named: bool = False) -> None:
        found.append(Violation(what, node.lineno, code(node.lineno), named))

    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and (is_banned(node.attr, banned)
                                                or node.attr in DYNAMIC_ATTRS):
            add(_dotted(node), node, is_banned(node.attr, banned))
        elif isinstance(node, ast.ImportFrom):
            if (node.module or "").split(".")[0] in DYNAMIC_MODULES:
                add(f"from {node.module} import ...", node)
            for alias in node.names:
                if is_banned(alias.name, banned) or alias.name in DYNAMIC_ATTRS:
                    add(f"from {node.module} import {alias.name}", node,
                        is_banned(alias.name, banned))
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] in DYNAMIC_MODULES:
                    add(f"import {alias.name}", node)
        elif isinstance(node, ast.Name) and node.id in DYNAMIC_NAMES:
            add(node.id, node)
        elif (isinstance(node, ast.Constant) and isinstance(node.value, str)
              and _NAME_LIKE.fullmatch(node.value.strip())):
            last = node.value.strip().rsplit(".", 1)[-1]
            if is_banned(last, banned) or last in DYNAMIC_ATTRS:
                # operator.methodcaller("softmax"), attrgetter...
                add(repr(node.value), node, is_banned(last, banned))
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
              and node.func.id in ("getattr", "setattr", "delattr") and len(node.args) >= 2):
            name = node.args[1]
            if not (isinstance(name, ast.Constant) and isinstance(name.value, str)):
                add(f"{node.func.id}(...) with a computed name", node)
            elif is_banned(name.value, banned) or name.value in DYNAMIC_ATTRS:
                add(f"{node.func.id}(..., {name.value!r})", node, is_banned(name.value, banned))
    found.sort(key=lambda v: v.line)
    return found


class ForbiddenCall(Exception):
    """Raised in the worker when learner code reaches a forbidden operation."""


def make_guard(forbidden: list[str], on_violation):
    """A context manager (for the worker) that refuses the forbidden operations.

    It is a TorchFunctionMode, which sees every torch function, Tensor method and
    ``torch.ops`` call by name before it runs. (A TorchDispatchMode would also see
    the aten operator underneath, but entering one imports torch._dynamo, about
    1.2 s per worker; the static scan covers what a function mode cannot see.)
    ``on_violation(name)`` is called first and returns the message of the
    ForbiddenCall that is raised. Returns None when nothing is forbidden.
    """
    banned = {op_name(n) for n in forbidden}
    if not banned:
        return None

    from torch.overrides import TorchFunctionMode

    allowed: set = set()  # functions already found allowed (a learner's call meets ~15 a call)

    class _FunctionGuard(TorchFunctionMode):
        def __torch_function__(self, func, types, args=(), kwargs=None):
            try:
                known = func in allowed
            except TypeError:  # (an unhashable callable: looked at every time)
                known = False
            if not known:
                name = function_name(func)
                if is_banned(name, banned):
                    raise ForbiddenCall(on_violation(op_name(name)))
                try:
                    allowed.add(func)
                except TypeError:
                    pass
            return func(*args, **(kwargs or {}))

    return _FunctionGuard


# ----------------------------------------------------------- the operations themselves
# Fused kernels that compute a whole attention, whatever their name says besides
_ATTENTION_KERNELS = ("attention", "transformer_encoder")
# torch's Python that computes one whole, whatever it is made of: a ready-made attention
# (nn.MultiheadAttention, torch.ao.nn.quantizable's, the transformer layers, flex
# attention) is refused where attention is banned, by its name, in every torch module
_ATTENTION_PYTHON = ("attention", "transformer")
# ... and what computes a softmax whole under another name: torch.distributions' Categorical
# (and OneHotCategorical, RelaxedOneHotCategorical) normalises its logits (A04)
_SOFTMAX_PYTHON = ("categorical",)
_REFERENCE_MODULES = ("torch._refs", "torch._decomp", "torch._prims")
_PLANS: dict[tuple, "_Plan"] = {}
_REGISTERED = torch_words.DISPATCH_KERNEL_LINE.regex  # _dispatch_dump's lines


@dataclass(frozen=True)
class _Plan:
    kernels: tuple      # (namespace, "name.overload", dispatch key)
    functions: tuple    # (owner object, attribute, name shown)
    tables: tuple       # (dict, key, name shown)
    python: object      # re.Pattern: names of torch's Python functions and modules refused


def kernel_is_banned(base: str, banned: set[str]) -> bool:
    """An operator computes a banned operation when its name holds one (``softmax`` in
    ``_sparse_log_softmax``), or it is a fused attention kernel and attention or softmax
    is banned (a fused kernel computes its softmax inside, out of the dispatcher's sight)."""
    words = {b.lstrip("_") for b in banned}
    if any(w in base for w in words):
        return True
    return _bans_fused(words) and any(k in base for k in _ATTENTION_KERNELS)


def _bans_fused(words) -> bool:
    return any("attention" in w or "softmax" in w for w in words)


def kernel_keys(qualified: str) -> list[str]:
    """Every dispatch key the operator has a kernel for (backends, alias keys such as
    CompositeImplicitAutograd, Autograd, mkldnn, quantized, sparse, nested, Meta...), as
    the dispatcher itself lists them; CPU always (it comes before a composite kernel).
    A refusal on each holds whatever a tensor's layout or backend. Keys that only pass the
    operator on (``_FORWARDS``) are left: what they pass it to refuses."""
    import torch

    try:
        found = _REGISTERED.findall(torch._C._dispatch_dump(qualified))
    except Exception:
        found = []
    return list(dict.fromkeys(["CPU", *[k for k in found if not passes_on(k)]]))


def passes_on(key: str) -> bool:
    """Whether the dispatch key's kernels only pass the operator on (``_FORWARDS``)."""
    return bool(_FORWARDS.match(key))


# keys whose kernels only pass the same operator on to the keys below it (tracing,
# views, functionalisation, autocast's dtype change), where it meets a refusal anyway;
# "debug" is a line of _dispatch_dump, not a key
_FORWARDS = re.compile(r"^(debug|Tracer|ADInplaceOrView|Functionalize|Autocast\w*)$")



def python_pattern(banned: set[str]):
    """Names of torch's own Python functions and module classes that compute a banned
    operation whole: a name holding a banned word (``gumbel_softmax``, ``Softmin``), and
    where attention (or softmax, which every attention computes) is banned, any
    attention or transformer."""
    words = {b.lstrip("_").replace("_", "") for b in banned}
    if _bans_fused(words):
        words |= set(_ATTENTION_PYTHON)
    if any("softmax" in w for w in words):
        words |= set(_SOFTMAX_PYTHON)
    return re.compile("|".join(map(re.escape, sorted(words))), re.I)


@functools.lru_cache(maxsize=None)
def _lowered(pattern: re.Pattern) -> re.Pattern:
    """``pattern`` (of ``python_pattern``: escaped words, ``re.I``) for lower-case text."""
    return re.compile(pattern.pattern.lower())


def python_routes(module, pattern) -> list:
    """(owner, attribute, name) of what ``module`` (a torch module) defines that
    ``pattern`` names: its functions, and every method of its classes (``forward``,
    ``_forward_impl``, ``__init__``...)."""
    routes = []
    name = getattr(module, "__name__", "")
    try:  # most of torch's 766 modules name nothing banned: one search of all their names
        # skips them (a name a line, so a match lies within one name; lower case, searched
        # case-sensitively: re.I alone took 24 ms a plan; 35 -> 23 ms a plan, 2026-12-05)
        names = "\n".join(vars(module)).replace("_", "")
        if names.isascii() and not _lowered(pattern).search(names.lower()):
            return routes
    except TypeError:  # a name that is not a string: each is looked at below
        pass
    for attr, value in list(vars(module).items()):
        if not isinstance(attr, str):
            continue
        if not pattern.search(attr.replace("_", "")):
            continue
        if getattr(value, "__module__", None) != name:
            continue  # refused where it is defined (once), not where it is imported
        if isinstance(value, types.FunctionType):
            routes.append((module, attr, op_name(attr)))
        elif isinstance(value, type):  # every method of its own, __init__ included
            routes += [(value, method, attr) for method, fn in list(vars(value).items())
                       if isinstance(fn, types.FunctionType)]
    return routes


def plan(forbidden: list[str]) -> _Plan | None:
    """What ``refuse_operations`` replaces for ``forbidden``, worked out once per list (the
    fork server does it before it forks a worker, so that workers inherit it ready)."""
    key = tuple(forbidden)
    banned = {op_name(n) for n in forbidden}
    if not banned:
        return None
    if key in _PLANS:
        return _PLANS[key]
    import torch

    kernels = []
    words = sorted({b.lstrip("_") for b in banned})
    if _bans_fused(words):
        words += _ATTENTION_KERNELS
    pattern = re.compile("|".join(map(re.escape, words)))
    for qualified in torch._C._dispatch_get_all_op_names():
        namespace, _, name = qualified.partition("::")
        if not pattern.search(name.lower()):
            continue
        base = name.split(".", 1)[0].lower().lstrip("_").removeprefix("special_")
        if kernel_is_banned(base, banned):
            kernels += [(namespace, name, k) for k in kernel_keys(qualified)]
    functions = [f for f in map(_python_route, forbidden) if f is not None]
    python = python_pattern(banned)
    tables = []
    for module_name, module in list(sys.modules.items()):
        if module is None or not (module_name == "torch" or module_name.startswith("torch.")):
            continue
        functions += python_routes(module, python)
        if not module_name.startswith(_REFERENCE_MODULES):
            continue
        for attr, value in list(vars(module).items()):
            if isinstance(value, types.FunctionType) and is_banned(attr, banned):
                functions.append((module, attr, op_name(attr)))
            elif isinstance(value, dict) and attr.endswith("_table"):
                tables += [(value, op, op_name(function_name(op))) for op in value
                           if is_banned(function_name(op), banned)]
    functions = list({(id(o), a): (o, a, n) for o, a, n in functions}.values())
    _PLANS[key] = _Plan(tuple(kernels), tuple(functions), tuple(tables), python)
    return _PLANS[key]


def _python_route(dotted: str):
    """(owner, attribute, name) of the Python function, or a module class's ``forward``,
    that ``dotted`` names; None for a built-in (its kernels are refused instead)."""
    parts = dotted.split(".")
    for i in range(len(parts) - 1, 0, -1):
        owner = sys.modules.get(".".join(parts[:i]))
        if owner is None:
            continue
        for attr in parts[i:-1]:
            owner = getattr(owner, attr, None)
        target = getattr(owner, parts[-1], None)
        if isinstance(target, types.FunctionType):
            return owner, parts[-1], op_name(dotted)
        if isinstance(target, type) and isinstance(getattr(target, "forward", None),
                                                   types.FunctionType):
            return target, "forward", op_name(dotted)
        return None
    return None


def refuse_operations(forbidden: list[str], on_violation):
    """Make the forbidden operations themselves refuse, in this (worker) process, however
    they are reached: a name built at run time, ``operator.methodcaller``, the guard
    switched off with ``_pop_mode_temporarily``, a torch module that calls them inside.

    - each dispatcher kernel of a banned operator (``aten::_softmax``, ``quantized::softmax``,
      ``_sparse_softmax``, ``log_softmax``, the fused attention kernels) is replaced by one
      that raises ForbiddenCall, for every dispatch key the operator has a kernel for
      (CPU, MkldnnCPU, QuantizedCPU, NestedTensorCPU, the composite and autograd keys...):
      scripted code and every layout or backend reach one of them;
    - so are the Python functions and modules the manifest names
      (``F.multi_head_attention_forward``, ``nn.MultiheadAttention``), every function and
      nn.Module of torch that computes a banned operation whole (by its name, in every
      torch module, also one imported later: ``torch.ao.nn.quantizable.MultiheadAttention``,
      ``F.gumbel_softmax``), and torch's Python references and decompositions of a banned
      operator (``torch._refs.softmax``).

    The registrations are pinned for the life of the process and nothing in Python
    refers to them (see ``_pin``): learner code that walks frames to the worker's
    session finds nothing to undo. Returns how many kernels refuse.
    ``on_violation(name)`` gives the exception's message.
    """
    chosen = plan(forbidden)
    if chosen is None:
        return 0
    import warnings

    import torch

    def refuser(name: str, refused=ForbiddenCall):
        # the exception class bound now: rebinding this module's ForbiddenCall later
        # changes nothing (a refusal raises whatever on_violation does)
        def refuse(*args, **kwargs):
            raise refused(on_violation(name))
        return refuse

    libraries: dict[str, object] = {}
    with warnings.catch_warnings():  # "overriding a previously registered kernel"
        warnings.simplefilter("ignore")
        for namespace, name, key in chosen.kernels:
            library = libraries.get(namespace)
            if library is None:
                library = libraries[namespace] = torch.library.Library(namespace, "IMPL")
            try:
                library.impl(name, refuser(name.split(".", 1)[0]), key)
            except Exception:
                pass
    for owner, attr, name in chosen.functions:
        try:
            setattr(owner, attr, refuser(name))
        except (AttributeError, TypeError):
            pass
    for table, op, name in chosen.tables:
        table[op] = refuser(name)
    # a torch module imported later (torch.nn.attention.flex_attention...) is refused
    # the same way as it loads
    sys.meta_path.insert(0, _RefuseOnImport(chosen.python, refuser))
    _pin(list(libraries.values()))
    return len(chosen.kernels)


class _RefusingLoader:
    """Loads a torch module with its loader, then refuses what it defines (see plan)."""

    def __init__(self, loader, pattern, refuser):
        self._loader, self._pattern, self._refuser = loader, pattern, refuser

    def create_module(self, spec):
        return self._loader.create_module(spec)

    def exec_module(self, module):
        self._loader.exec_module(module)
        for owner, attr, name in python_routes(module, self._pattern):
            setattr(owner, attr, self._refuser(name))

    def __getattr__(self, name):  # resources, get_source...: the real loader's
        return getattr(self._loader, name)


class _RefuseOnImport:
    """A meta path finder for torch's modules not imported yet when the worker starts."""

    def __init__(self, pattern, refuser):
        self._pattern, self._refuser = pattern, refuser

    def find_spec(self, fullname, path=None, target=None):
        if not fullname.startswith("torch."):
            return None
        import importlib.machinery

        spec = importlib.machinery.PathFinder.find_spec(fullname, path)
        if spec is not None and spec.loader is not None and \
                hasattr(spec.loader, "exec_module"):
            spec.loader = _RefusingLoader(spec.loader, self._pattern, self._refuser)
        return spec


# the classes whose methods the worker's audit hook checks, unchanged, at every fresh import
WATCHED_CLASSES = (_RefusingLoader, _RefuseOnImport)


def _pin(libraries: list) -> None:
    """Keep torch.library registrations for the life of this process, out of Python's
    reach: each Library's finalizer (which would undo its registrations, and holds its
    C++ handle for anyone who finds it in weakref.finalize's registry) is detached, and
    one reference is leaked, so the Library is never collected yet no Python object
    refers to it. Only the gc module could find it, and a worker refuses gc's
    introspection (sandbox.BLOCKED_EVENTS). Runs before the audit hook is installed."""
    import ctypes
    import weakref

    registry = getattr(weakref.finalize, "_registry", {})
    for library in libraries:
        for finalizer in list(registry):
            held = finalizer.peek()
            if held is not None and held[0] is library:
                finalizer.detach()
        ctypes.pythonapi.Py_IncRef(ctypes.py_object(library))


# ------------------------------------------------------------ what a reviewer should read
# The grader's own reading of the source text (a fact the learner's interpreter cannot
# forge, unlike anything a worker says): idioms that reach past the exercise into the
# interpreter's or the kit's internals. None has a use in a hand-made answer; a file that
# holds one is flagged "needs review" (its score is what its cases earned).
REVIEW_NAMES = {"exec", "eval", "compile", "__import__", "__builtins__", "globals", "vars"}
REVIEW_MODULES = {"gc", "ctypes", "_ctypes", "numpy", "inspect", "_imp", "cffi",
                  "pickle", "_pickle", "copyreg", "marshal", "shelve"}  # pickle: getattr by any name
REVIEW_ATTRS = {"modules", "__array_interface__", "__array_struct__", "__globals__",
                "__builtins__", "__closure__", "__code__", "__dict__", "__subclasses__",
                "__mro__", "__bases__", "tb_frame", "f_back", "f_globals", "f_locals",
                "gi_frame", "meta_path", "cell_contents", "__traceback__"}
_GETTERS = {"attrgetter", "methodcaller", "getattr", "setattr", "delattr"}


def _dunder_text(value) -> bool:
    return isinstance(value, str) and (value.startswith("__") or value.endswith("__")) \
        and value.strip("_") != "main"


def review_source(source: str) -> list[Violation]:
    """Every place in ``source`` that a human should look at before trusting its grade."""
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError):
        return []
    lines = source.splitlines()
    found: list[Violation] = []

    def add(what: str, node: ast.AST) -> None:
        line = getattr(node, "lineno", 0)
        code = lines[line - 1].strip() if 0 < line <= len(lines) else ""
        found.append(Violation(what, line, code[:160]))

    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] in REVIEW_MODULES:
                    add(f"import {alias.name}", node)
        elif isinstance(node, ast.ImportFrom):
            if (node.module or "").split(".")[0] in REVIEW_MODULES:
                add(f"from {node.module} import ...", node)
        elif isinstance(node, ast.Name) and node.id in REVIEW_NAMES:
            add(node.id, node)
        elif isinstance(node, ast.Attribute) and node.attr in REVIEW_ATTRS:
            add(_dotted(node), node)
        elif isinstance(node, ast.Constant) and _dunder_text(node.value):
            add(repr(node.value), node)  # a dunder name, or a piece of one ("__glo" + ...)
        elif isinstance(node, ast.Call):
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else \
                func.id if isinstance(func, ast.Name) else ""
            if name in _GETTERS:
                names = node.args[1:2] if name in ("getattr", "setattr", "delattr") \
                    else node.args[:1]
                for arg in names:
                    if not (isinstance(arg, ast.Constant) and isinstance(arg.value, str)):
                        add(f"{name}(...) with a computed name", node)
                    elif _dunder_text(arg.value):
                        add(f"{name}({arg.value!r})", node)
    unique = {(v.call, v.line): v for v in found}
    return sorted(unique.values(), key=lambda v: v.line)
