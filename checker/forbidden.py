"""Forbidden calls: found in the source (checker side) and refused at call time (worker side).

The manifest lists forbidden calls as dotted names (``torch.nn.functional.softmax``).
Both checks compare only the last component, so every route to the same operation
(``F.softmax``, ``x.softmax``, ``torch.special.softmax``, ``torch.ops.aten._softmax``)
is caught, however the learner imported or renamed torch.
"""
from __future__ import annotations

import ast
from dataclasses import dataclass


def op_name(name: str) -> str:
    """The comparable name of an operation: last component, lower case, no ``special_``."""
    last = name.rsplit(".", 1)[-1].lower()
    return last.removeprefix("special_")


@dataclass(frozen=True)
class Violation:
    call: str      # what the learner wrote, e.g. "F.softmax"
    line: int
    code: str      # the source line, stripped

    def describe(self) -> str:
        return f"{self.call} (line {self.line}: {self.code})"


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
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and op_name(node.attr) in banned:
            found.append(Violation(_dotted(node), node.lineno, code(node.lineno)))
        elif isinstance(node, ast.ImportFrom):
            for alias in node.names:
                if op_name(alias.name) in banned:
                    found.append(Violation(f"from {node.module} import {alias.name}",
                                           node.lineno, code(node.lineno)))
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
              and node.func.id == "getattr" and len(node.args) >= 2
              and isinstance(node.args[1], ast.Constant)
              and isinstance(node.args[1].value, str)
              and op_name(node.args[1].value) in banned):
            found.append(Violation(f"getattr(..., {node.args[1].value!r})",
                                   node.lineno, code(node.lineno)))
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
            name = getattr(func, "__name__", "") or ""
            if op_name(name) in banned:
                raise ForbiddenCall(on_violation(name))
            return func(*args, **(kwargs or {}))

    return _FunctionGuard
