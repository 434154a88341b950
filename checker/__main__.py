"""``python -m checker ...`` is the same as ``attn-kit ...``."""
import sys

from checker.cli import main

sys.exit(main())
