"""The isolation engine: learner code runs only in worker processes forked from a warm
fork server, confined by the sandbox, and answers through one narrow seam (the codec).

- ``submission``: reads exercise files as text (a folder or a zip); nothing is run.
- ``forkserver``, ``worker``: the learner's side; ``supervisor``: the checker's side of
  the seam (timeouts, restarts); ``codec``: the plain-data format between them.
- ``sandbox``: limits, user ids, the audit hook, bubblewrap; ``forbidden``: banned calls;
  ``process``: Linux process plumbing; ``problems``: why a call gave nothing to compare.
"""
