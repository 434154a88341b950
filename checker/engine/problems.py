"""Why a call to learner code gave nothing to compare: the kinds of problem, named once.

The worker, the submission reader and the supervisor each report one of these; the
pytest bridge decides what each means for a case's status (``judge.plugin``).
"""
from __future__ import annotations

from checker.compat import StrEnum


class Problem(StrEnum):
    MISSING_FILE = "missing_file"        # the exercise file is not there (not started)
    UNREADABLE = "unreadable"            # a link, too large, not UTF-8, not a regular file
    NOT_IMPLEMENTED = "not_implemented"  # the stub still raises NotImplementedError
    SYNTAX = "syntax"                    # the file does not parse
    LOAD = "load"                        # the file raised while it was loaded
    EXIT = "exit"                        # sys.exit() / exit() in the learner's code
    MISSING = "missing"                  # the file defines no function of that name
    FORBIDDEN = "forbidden"              # a forbidden call, caught at call time
    EXCEPTION = "exception"              # the learner's function raised
    TIMEOUT = "timeout"                  # no answer in time
    CRASH = "crash"                      # the worker process ended abruptly
    BAD_DATA = "bad_data"                # the worker sent back something unreadable
    KIT = "kit"                          # the kit could not set the worker up (not the learner's)

    @classmethod
    def parse(cls, text) -> "Problem":
        """A kind sent by a worker (plain data, not trusted): unknown ones are exceptions."""
        try:
            return cls(text)
        except ValueError:
            return cls.EXCEPTION
