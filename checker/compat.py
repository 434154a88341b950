"""What differs between the Python versions the kit supports (3.10 and newer), and the
oldest PyTorch it runs on (``torch_problem``: checked before anything imports torch)."""
from __future__ import annotations

import sys

if sys.version_info >= (3, 11):
    import tomllib  # noqa: F401
    from enum import StrEnum  # noqa: F401
else:  # pragma: no cover - Python 3.10
    from enum import Enum

    import tomli as tomllib  # noqa: F401

    class StrEnum(str, Enum):
        """A str whose members print and format as their value (enum.StrEnum of 3.11)."""

        def __str__(self) -> str:
            return str.__str__(self)

        def __format__(self, spec: str) -> str:
            return str.__format__(str.__str__(self), spec)


# ----------------------------------------------------------------- torch
# The oldest PyTorch the kit supports (benchmarks/compat.py tests each pair of the
# README's table). Older ones lack what the engine uses (2.1: torch._C.TensorBase) or
# let an attack through (2.4.1: tests/hostile_white/frames_every_way earns points): the
# kit says so in one line instead of failing at an import or grading wrongly.
OLDEST_TORCH = (2, 5)


def _installed_torch() -> str | None:
    """The version of the torch this Python would import, without importing it (the
    module's own ``__version__`` when it is imported already)."""
    module = sys.modules.get("torch")
    if module is not None:
        return str(getattr(module, "__version__", "") or "") or None
    from importlib import metadata

    try:
        return metadata.version("torch")
    except metadata.PackageNotFoundError:
        return None


def _release(version: str) -> tuple[int, int] | None:
    import re

    found = re.match(r"\s*(\d+)\.(\d+)", version)
    return (int(found.group(1)), int(found.group(2))) if found else None


def torch_problem(version: str | None = "") -> str | None:
    """One line when this Python's torch (or ``version``) is missing or older than
    ``OLDEST_TORCH``; None when it will do. An unreadable version is given the benefit
    of the doubt (a build from source, say)."""
    from checker.i18n import t

    if version == "":
        version = _installed_torch()
    needed = ".".join(map(str, OLDEST_TORCH))
    fix = f'{_python_name()} -m pip install --upgrade "torch>={needed}"'
    if version is None:
        return t("attention-kit needs PyTorch {needed} or newer, and this Python has none: "
                 "run {fix}", needed=needed, fix=fix)
    release = _release(version)
    if release is not None and release < OLDEST_TORCH:
        return t("attention-kit needs PyTorch {needed} or newer, and this Python has "
                 "{installed}: run {fix}", needed=needed, installed=version, fix=fix)
    return None



def _python_name() -> str:
    """This interpreter, as a command to type (its path: the fix goes where the kit runs)."""
    import shlex

    return shlex.quote(sys.executable) if sys.executable else "python3"
