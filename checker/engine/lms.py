"""What a course platform's bulk download looks like: one submission per student.

Canvas's "Download Submissions" and Moodle's "Download all submissions" give every
student's files in one folder or zip, named after the student. Read as a class folder,
that is one submission for everyone (or none): the grader would see no folder per
student. ``groups`` recognises the two layouts and gives each student's files under
the names the student chose, keyed by a name that is unique and stable (``doejane_12345``,
``Jane Doe_12345``: the platform's name part and its user id). A student's submission is
then the path ``CONTAINER/KEY``, which ``submission.load`` reads from the container
itself, so a grading process needs nothing but that path.

- Canvas: one flat folder of files ``lastfirst_userid_submissionid_original``, with
  ``_LATE`` after the name part for late work, and ``-N`` before the extension when the
  student uploaded a file of that name before (``ex05_softmax-1.py``).
- Moodle (``mod/assign``): a folder per student and plugin,
  ``Full Name_id_assignsubmission_file_/original`` (3.1 and later, "Download
  submissions in folders"), or flat files ``Full Name_id_assignsubmission_file_original``
  (earlier, or that option off). Underscores of the full name are spaces; blind marking
  names the student ``Participant``.

docs/instructors.md says which sources these rules follow.
"""
from __future__ import annotations

import re

CANVAS = re.compile(r"(?P<who>[^\W_]+)(?P<late>_LATE)?_(?P<uid>\d+)_(?P<sid>\d+)_(?P<orig>.+)",
                    re.S)
MOODLE = re.compile(r"(?P<who>[^_/]+)_(?P<uid>\d+)_assignsubmission_(?P<plugin>[a-z0-9]+)_"
                    r"(?P<rest>.*)", re.S)
KEY = re.compile(r"[^_/]+_\d+")  # what a student's key looks like (never a file Canvas names)


def split(path: str) -> tuple[str, str, str] | None:
    """(layout, student key, path inside the student's submission) of a path of a
    download (relative, with ``/``), or None if the platforms do not name it so."""
    top, sep, below = path.partition("/")
    if not sep:
        m = CANVAS.fullmatch(top)
        if m:
            return "canvas", f"{m['who']}_{m['uid']}", m["orig"]
        m = MOODLE.fullmatch(top)
        if m and m["rest"]:
            return "moodle", f"{m['who']}_{m['uid']}", m["rest"]
        return None
    m = MOODLE.fullmatch(top)
    if m and not m["rest"] and below:
        return "moodle", f"{m['who']}_{m['uid']}", below
    return None


def groups(paths: list[str], wanted, *, every: bool) -> tuple[str, dict] | None:
    """(layout, {key: {path inside: path}}) of a download, or None if ``paths`` is not one.

    ``wanted(name)``: whether a file name is (or looks like) an exercise file. With
    ``every`` (a zip), every path must be named by one platform and there must be two
    students or an exercise file; without it (a folder, which may hold other things),
    the paths the platforms named are grouped when one of them is an exercise file."""
    layout, found = "", {}
    exercise = False
    for path in paths:
        parts = split(path)
        if parts is None or (layout and parts[0] != layout):
            if every:
                return None
            continue
        layout = parts[0]
        key, inside = parts[1], parts[2]
        found.setdefault(key, {}).setdefault(inside, path)
        exercise = exercise or wanted(inside.rpartition("/")[2])
    if not found or not (exercise or (every and len(found) > 1)):
        return None
    return layout, found


def is_key(name: str) -> bool:
    return KEY.fullmatch(name) is not None
