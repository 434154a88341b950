"""The isolation engine: learner code runs only in worker processes forked from a warm
fork server, confined by the sandbox, and answers through one narrow seam (the codec).

- ``submission``: reads exercise files as text (a folder or a zip); nothing is run.
- ``forkserver``, ``worker``: the learner's side; ``supervisor``: the checker's side of
  the seam (timeouts, restarts); ``codec``: the plain-data format between them.
- ``sandbox``: limits, user ids, the audit hook, bubblewrap; ``forbidden``: banned calls;
  ``process``: Linux process plumbing; ``problems``: why a call gave nothing to compare.
- ``host``: which of Linux's pieces this system has (none on macOS, or with
  ``ATTN_KIT_ENGINE=portable``: the portable engine); each piece asks it before a call.
- ``startup``: ``start()``, the one start-up (torch, the fork server), and ``quiet()``,
  warnings silenced for the span of a kit call only.
"""


def start() -> None:
    """Import torch and start the fork server, once per process (``startup.start``)."""
    from checker.engine import startup

    startup.start()
