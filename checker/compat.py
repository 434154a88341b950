"""What differs between the Python versions the kit supports (3.10 and newer)."""
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
