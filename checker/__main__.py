"""``python -m checker ...`` is the same as ``attn-kit ...`` (the console script: ``main``)."""
import sys


def main() -> None:
    from checker.learner import early

    early.start(sys.argv[1:])  # first: a check's torch and fork server (learner/early.py)
    from checker.cli import entry

    entry()


if __name__ == "__main__":
    main()
