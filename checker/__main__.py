"""``python -m checker ...`` is the same as ``attn-kit ...``."""
from checker.cli import entry

entry()
