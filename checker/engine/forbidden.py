"""Forbidden calls: found in the source (checker side) and refused at call time (worker side).

The manifest lists forbidden calls as dotted names (``torch.nn.functional.softmax``).
Both checks compare only the last component, so every route to the same operation
(``F.softmax``, ``x.softmax``, ``torch.special.softmax``, ``torch.ops.aten._softmax``)
is caught, however the learner imported or renamed torch.
"""
from __future__ import annotations

import ast
from dataclasses import dataclass

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
                 "gi_frame", "_pop_torch_function_stack", "_get_current_function_mode_stack"}
DYNAMIC_MODULES = {"gc", "inspect", "importlib", "ctypes", "builtins"}


@dataclass(frozen=True)
class Violation:
    call: str      # what the learner wrote, e.g. "F.softmax"
    line: int
    code: str      # the source line, stripped

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

    def add(what: str, node: ast.AST) -> None:
        found.append(Violation(what, node.lineno, code(node.lineno)))

    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and (is_banned(node.attr, banned)
                                                or node.attr in DYNAMIC_ATTRS):
            add(_dotted(node), node)
        elif isinstance(node, ast.ImportFrom):
            if (node.module or "").split(".")[0] in DYNAMIC_MODULES:
                add(f"from {node.module} import ...", node)
            for alias in node.names:
                if is_banned(alias.name, banned) or alias.name in DYNAMIC_ATTRS:
                    add(f"from {node.module} import {alias.name}", node)
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] in DYNAMIC_MODULES:
                    add(f"import {alias.name}", node)
        elif isinstance(node, ast.Name) and node.id in DYNAMIC_NAMES:
            add(node.id, node)
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
              and node.func.id in ("getattr", "setattr", "delattr") and len(node.args) >= 2):
            name = node.args[1]
            if not (isinstance(name, ast.Constant) and isinstance(name.value, str)):
                add(f"{node.func.id}(...) with a computed name", node)
            elif is_banned(name.value, banned) or name.value in DYNAMIC_ATTRS:
                add(f"{node.func.id}(..., {name.value!r})", node)
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

    class _FunctionGuard(TorchFunctionMode):
        def __torch_function__(self, func, types, args=(), kwargs=None):
            name = function_name(func)
            if is_banned(name, banned):
                raise ForbiddenCall(on_violation(op_name(name)))
            return func(*args, **(kwargs or {}))

    return _FunctionGuard
