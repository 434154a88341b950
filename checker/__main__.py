"""``python -m checker ...`` is the same as ``attn-kit ...`` (the console script: ``main``)."""
import sys


def main() -> None:
    from checker.engine import startup

    # first of all: a check's fork server starts beside the command line's own imports
    startup.early(sys.argv[1:])
    from checker.cli import entry

    entry()


if __name__ == "__main__":
    main()
