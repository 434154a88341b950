"""A submission: the exercise files of one learner or student, read as text.

The checker never asks a worker to open a path. It reads each exercise file
itself, from a folder or straight out of a zip (nothing is extracted), with a
size limit, and sends the text to the worker. For graded submissions it also
refuses symbolic links, so a submission cannot point an exercise file at the
reference solutions or at another student's work.

A learner's workspace holds the exercise files at its top or in ``exercises/``. A
graded submission may hold them in any one folder however deep (a zipped clone of
the kit, a ``Users/kim/Downloads/...`` path): the folder that holds exercise files is
used, or of several, the one named ``exercises``; two that both qualify are
``Ambiguous``, and none leaves the submission empty, with ``found`` saying what it
holds. A file that is missing counts as not started.

A file whose name differs from an exercise file only by case or by a copy number (a
browser's ``ex05_softmax (1).py``, Canvas's ``ex05_softmax-1.py``) is taken for it, with
a note in ``notes`` (the report's ``submission.warnings``), unless the exact name is
there too; one that cannot be taken (two of them, another folder, another extension) is
named in the missing file's message. A class download of Canvas or Moodle (``lms``) is
one submission per student, ``CONTAINER/KEY``, read from the folder or zip itself.

A zip's member count is read from its end records before ``zipfile`` lists a member
(``ziptail``): a zip of a million empty members is refused in one line, not read.
"""
from __future__ import annotations

import os
import re
import stat
import unicodedata
import zipfile
from dataclasses import dataclass, field
from pathlib import Path

from checker import manifest
from checker.engine import lms, ziptail
from checker.engine.problems import Problem
from checker.i18n import t
from checker.text import clean, one_line

MAX_FILE_BYTES = 512 * 1024       # an exercise file is a few kB; anything this big is not one
MAX_ZIP_MEMBERS = 10_000
MAX_DEPTH = 12                    # folders deeper than this are not searched
MAX_WALK = 20_000                 # entries of a submission folder looked at, at most
SKIPPED = ("site-packages", "node_modules")  # an installed copy of the kit is not the work


class SubmissionError(Exception):
    """The submission as a whole cannot be read (not found, not a zip, a broken zip).

    Its message names a file or folder a student chose: it is cleaned and cut here."""

    def __init__(self, message: str):
        super().__init__(one_line(str(message), 300))


class Ambiguous(SubmissionError):
    """Two folders of the submission both hold exercise files: which is the work?"""


@dataclass(frozen=True)
class Source:
    """One exercise file of a submission."""

    file: str                 # the exercise's file name, e.g. ex05_softmax.py
    display: str              # where it came from, for messages and tracebacks
    text: str | None = None   # None when there is nothing to run
    problem: str = ""         # why text is None, in one line
    kind: Problem | None = None  # MISSING_FILE (not started) or UNREADABLE (an error)


@dataclass
class Submission:
    name: str
    origin: str
    sources: dict[str, Source] = field(default_factory=dict)
    found: str = ""           # when no exercise file is found: what the submission holds
    notes: list[str] = field(default_factory=list)   # files taken under a near name, ...
    hints: dict[str, str] = field(default_factory=dict)  # missing file -> what looks like it
    layout: str = ""          # "canvas" or "moodle" for a student of a class download

    def source(self, exercise: manifest.Exercise) -> Source:
        return self.sources.get(exercise.file) or _missing(exercise.file, self.origin,
                                                           self.hints.get(exercise.file))


def _missing(file: str, where: str, hint: str | None = None) -> Source:
    return Source(file, clean(os.path.join(where, file)), None,
                  one_line(hint, 300) if hint else t("{file} is missing", file=file),
                  Problem.MISSING_FILE)


def _unreadable(file: str, display: str, why: str) -> Source:
    """``why``: what is wrong with the file, already in the run's language."""
    return Source(file, clean(display), None, one_line(str(why), 300), Problem.UNREADABLE)


def _decode(file: str, display: str, data: bytes) -> Source:
    if len(data) > MAX_FILE_BYTES:
        return _unreadable(file, display, t("{file} is larger than {kb} kB", file=file,
                                            kb=MAX_FILE_BYTES // 1024))
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return _unreadable(file, display, t("{file} is not UTF-8 text", file=file))
    if "\x00" in text:
        return _unreadable(file, display, t("{file} contains NUL bytes: it is not a Python "
                                            "source file", file=file))
    return Source(file, clean(display), text)


# ------------------------------------------------------------- near names
COPY_MARK = re.compile(r"(?: \(\d{1,3}\)|-\d{1,3})$")  # a browser's " (1)", Canvas's "-1"


def _without_copy_marks(stem: str) -> str:
    for _ in range(3):  # "x (1) (1).py", "x-1 (2).py"
        stem, before = COPY_MARK.sub("", stem), stem
        if stem == before:
            break
    return stem


def plain_name(name: str) -> str:
    """``name`` as it was before a browser (``ex05_softmax (1).py``), Canvas
    (``ex05_softmax-1.py``) or a change of case renamed it."""
    stem, dot, ext = name.rpartition(".")
    if not dot or not stem:
        stem, dot, ext = name, "", ""
    return unicodedata.normalize("NFC", f"{_without_copy_marks(stem)}{dot}{ext}").casefold()


def _plain_stem(name: str) -> str:
    """What is left of a name's plain form before its first dot: ``ex05_softmax`` for
    ``Ex05_Softmax (1).py.txt``, to point at a file with another extension."""
    return _without_copy_marks(unicodedata.normalize("NFC", name.split(".", 1)[0])).casefold()


def _near(file: str) -> callable:
    return lambda name: name != file and plain_name(name) == plain_name(file)


def wanted_name(files: list[str]):
    """Whether a file name is an exercise file, or differs from one only by case or a copy
    number (``plain_name``)."""
    plain = {plain_name(f) for f in files}
    return lambda name: plain_name(name) in plain


@dataclass
class _Pick:
    taken: dict[str, str] = field(default_factory=dict)  # exercise file -> path taken for it
    notes: list[str] = field(default_factory=list)
    hints: dict[str, str] = field(default_factory=dict)


def _pick(paths: list[str], folder: str, files: list[str]) -> _Pick:
    """Which path of ``folder`` each exercise file is read from, when its exact name is
    not there: a unique near name of the same folder (``plain_name``). What looks like a
    missing file but cannot be taken is said in ``hints``; near names left beside an
    exact one, and near names taken, in ``notes``."""
    prefix = f"{folder}/" if folder else ""
    here = sorted(p[len(prefix):] for p in paths
                  if p.startswith(prefix) and "/" not in p[len(prefix):])
    present = set(here)
    visible = [p for p in paths if not any(_skipped(d) for d in p.split("/")[:-1] if d)]
    pick = _Pick()
    for file in files:
        near = [n for n in here if _near(file)(n)]
        if file in present:
            if near:
                pick.notes.append(t("{file} was graded; {others} beside it was not",
                                    file=file, others=", ".join(near[:3])))
            continue
        if len(near) == 1:
            pick.taken[file] = prefix + near[0]
            pick.notes.append(t("{name} was graded as {file} (the names differ only by case "
                                "or a copy number)", name=near[0], file=file))
            continue
        if near:
            pick.hints[file] = t("{file} is missing; {names} all look like it: rename the one "
                                 "to grade {file}", file=file, names=", ".join(near[:3]))
            continue
        stem = _plain_stem(file)
        others = [p for p in visible if p != prefix + file and (
            plain_name(p.rpartition("/")[2]) == plain_name(file)
            or _plain_stem(p.rpartition("/")[2]) == stem)]
        if others:
            pick.hints[file] = t("{file} is missing; {names} looks like it but was not taken "
                                 "(another folder or another extension): rename or move it "
                                 "to {where}", file=file, names=", ".join(others[:3]),
                                 where=(folder or ".") + "/" + file)
    return pick


# ----------------------------------------------------------------- folders
def from_folder(folder: str | os.PathLike, name: str | None = None, *,
                allow_links: bool = False) -> Submission:
    """Read a submission folder. ``allow_links`` is for a learner's own workspace (whose
    files are at its top or in ``exercises/``); a graded submission is searched."""
    root = Path(folder)
    if not root.is_dir():
        raise SubmissionError(t("{path} is not a folder", path=folder))
    files = [e.file for e in manifest.load()]
    submission = Submission(name or root.name, str(root))
    real_root = os.path.realpath(root)
    if allow_links:
        base = _pick_folder(root, files)
        for file in files:
            source = _read_file(file, base / file, real_root, allow_links=True)
            if source is not None:
                submission.sources[file] = source
        return submission
    entries = _walk(root)
    _fill(submission, entries, files, root.name,
          lambda file, rel: _read_file(file, root / rel, real_root))
    return submission


def _read_file(file: str, path: Path, real_root: str, allow_links: bool = False) -> Source | None:
    """Exercise file ``file`` read from ``path`` (None if there is none). A graded one must
    be a regular file inside ``real_root``, not a symbolic link."""
    display = str(path)
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        return None
    except OSError as exc:
        return _unreadable(file, display,
                           t("{file} cannot be read: {error}", file=file, error=exc.strerror))
    if not allow_links:
        if stat.S_ISLNK(st.st_mode):
            return _unreadable(file, display,
                               t("{file} is a symbolic link; submit the file itself", file=file))
        if os.path.commonpath([real_root, os.path.realpath(path)]) != real_root:
            return _unreadable(file, display, t("{file} lies outside the submission", file=file))
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):
            return _unreadable(file, display, t("{file} is not a regular file", file=file))
        with open(path, "rb") as f:
            data = f.read(MAX_FILE_BYTES + 1)
    except OSError as exc:
        return _unreadable(file, display,
                           t("{file} cannot be read: {error}", file=file, error=exc.strerror))
    return _decode(file, display, data)


def _fill(submission: Submission, paths: list[str], files: list[str], where: str,
          read) -> None:
    """Read the exercise files of a submission whose files are ``paths`` (relative, with
    ``/``): the folder that holds them (``_choose``), each file or its near name
    (``_pick``), ``read(file, path)`` giving its ``Source`` (None if there is none)."""
    folder = _choose(paths, files, where)
    pick = _pick(paths, folder, files)
    submission.notes += pick.notes
    submission.hints.update(pick.hints)
    prefix = f"{folder}/" if folder else ""
    for file in files:
        source = read(file, pick.taken.get(file, prefix + file))
        if source is not None:
            submission.sources[file] = source
    if not submission.sources:
        submission.found = _what_is_there(
            [p for p in paths if not any(_skipped(d) for d in p.split("/")[:-1] if d)], files)


def _walk(root: Path) -> list[str]:
    """Every file under ``root`` (paths relative to it, with ``/``), links not followed;
    hidden folders, ``__MACOSX``-like folders and installed packages are left out."""
    found: list[str] = []
    pending = [("", 0)]
    seen = 0
    while pending and seen < MAX_WALK:
        rel, depth = pending.pop()
        try:
            with os.scandir(root / rel if rel else root) as it:
                entries = sorted(it, key=lambda e: e.name)
        except OSError:
            continue
        for entry in entries:
            seen += 1
            path = f"{rel}/{entry.name}" if rel else entry.name
            try:
                is_dir = entry.is_dir(follow_symlinks=False)
            except OSError:
                continue
            if is_dir:
                if depth < MAX_DEPTH and not _skipped(entry.name):
                    pending.append((path, depth + 1))
            else:
                found.append(path)
    return found


def _skipped(folder: str) -> bool:
    return folder.startswith((".", "__")) or folder.lower() in SKIPPED


def _choose(paths: list[str], files: list[str], where: str) -> str:
    """The folder (relative, ``""`` for the top) that holds the exercise files: by their
    exact names, or when no folder has one, by their near names (``plain_name``)."""
    wanted = set(files)
    counts = _count(paths, lambda base: base in wanted)
    if not counts:
        counts = _count(paths, wanted_name(files))
    if len(counts) <= 1:
        return next(iter(counts), "")
    named = [f for f in counts if f.rpartition("/")[2].lower() == "exercises"]
    if len(named) == 1:
        return named[0]
    shown = ", ".join(t("{folder} ({n} exercise files)", folder=(f or ".") + "/", n=n)
                      for f, n in sorted(counts.items())[:4])
    raise Ambiguous(t("{where} holds exercise files in {n} folders: {folders}; submit one "
                      "folder of exercise files", where=where, n=len(counts), folders=shown))


def _count(paths: list[str], wanted) -> dict[str, int]:
    counts: dict[str, int] = {}
    for path in paths:
        folder, _, base = path.rpartition("/")
        if wanted(base) and not any(_skipped(p) for p in folder.split("/") if p):
            counts[folder] = counts.get(folder, 0) + 1
    return counts


def _what_is_there(paths: list[str], files: list[str]) -> str:
    """Why nothing was found, for the instructor: what the submission holds instead."""
    if not paths:
        return t("no exercise file was found: the submission is empty")
    ordered = sorted(paths, key=lambda p: (not p.endswith(".py"), p.count("/"), p))
    names = ", ".join(ordered[:5]) + (", ..." if len(ordered) > 5 else "")
    return t("no exercise file ({example}, ...) was found; the submission holds {n} files: "
             "{names}", example=files[0], n=len(paths), names=names)


def _pick_folder(root: Path, files: list[str]) -> Path:
    """The folder inside ``root`` that holds the most exercise files."""
    candidates = [root, root / "exercises"]
    subdirs = [p for p in _listdir(root) if p.is_dir() and not p.name.startswith((".", "__"))]
    if len(subdirs) == 1:
        candidates += [subdirs[0], subdirs[0] / "exercises"]
    return max(candidates, key=lambda d: sum(os.path.lexists(d / f) for f in files))


def _listdir(folder: Path) -> list[Path]:
    try:
        return sorted(folder.iterdir())
    except OSError:
        return []


# -------------------------------------------------------------------- zips
def open_zip(path: Path) -> zipfile.ZipFile:
    """``zipfile.ZipFile(path)``, once its end records say it holds at most
    ``MAX_ZIP_MEMBERS`` members (``ziptail``): a ``SubmissionError`` otherwise."""
    try:
        ziptail.check(path, MAX_ZIP_MEMBERS)
        return zipfile.ZipFile(path)
    except ziptail.TooLarge as exc:
        if exc.members > MAX_ZIP_MEMBERS:
            raise SubmissionError(t("{name} has too many members ({n} or more); the grader "
                                    "reads zips of at most {max} members", name=path.name,
                                    n=exc.members, max=MAX_ZIP_MEMBERS)) from None
        raise SubmissionError(t("{name} has too many members (its list of members takes {kb} "
                                "kB); the grader reads zips of at most {max} members",
                                name=path.name, kb=exc.directory // 1024,
                                max=MAX_ZIP_MEMBERS)) from None
    except (zipfile.BadZipFile, OSError, ValueError) as exc:
        raise SubmissionError(t("{name} is not a readable zip file ({error})", name=path.name,
                                error=exc)) from None


def _members(archive: zipfile.ZipFile) -> dict[str, zipfile.ZipInfo]:
    """The zip's files by name (with ``/``): no folder, nothing of ``__MACOSX/``."""
    members = [m for m in archive.infolist()[:MAX_ZIP_MEMBERS]
               if not m.filename.startswith("__MACOSX/") and not m.is_dir()]
    return {m.filename.replace("\\", "/"): m for m in members}


def _read_member(archive: zipfile.ZipFile, file: str, member: zipfile.ZipInfo | None,
                 display: str) -> Source | None:
    if member is None:
        return None
    if stat.S_ISLNK(member.external_attr >> 16):
        return _unreadable(file, display,
                           t("{file} is a symbolic link; submit the file itself", file=file))
    if member.file_size > MAX_FILE_BYTES:
        return _unreadable(file, display, t("{file} is larger than {kb} kB", file=file,
                                            kb=MAX_FILE_BYTES // 1024))
    try:
        with archive.open(member) as f:
            data = f.read(MAX_FILE_BYTES + 1)
    except (zipfile.BadZipFile, OSError, RuntimeError, ValueError,
            NotImplementedError) as exc:  # corrupt, encrypted, odd compression
        return _unreadable(file, display,
                           t("{file} cannot be unzipped ({error})", file=file, error=exc))
    return _decode(file, display, data)


def from_zip(path: str | os.PathLike, name: str | None = None) -> Submission:
    """Read the exercise files straight out of a zip, without extracting anything."""
    path = Path(path)
    archive = open_zip(path)
    submission = Submission(name or path.stem, str(path))
    with archive:
        by_name = _members(archive)
        files = [e.file for e in manifest.load()]
        inside = [n for n in by_name if n.count("/") <= MAX_DEPTH + 1]

        def read(file: str, rel: str) -> Source | None:
            member = by_name.get(rel)
            return _read_member(archive, file, member,
                                f"{path}/{member.filename}" if member else "")

        _fill(submission, inside, files, path.name, read)
    return submission


# ------------------------------------------------- a class download (lms)
def _download_groups(container: Path, files: list[str]) -> tuple[str, dict] | None:
    """The students of a Canvas or Moodle download (``lms.groups``): a folder's files at
    its top, or a zip's members. None if ``container`` is not one."""
    wanted = wanted_name(files)
    if container.is_dir():
        top = []
        for entry in _listdir(container):
            try:
                if stat.S_ISREG(os.lstat(entry).st_mode) and not entry.name.startswith("."):
                    top.append(entry.name)
            except OSError:
                continue
        return lms.groups(top, wanted, every=False)
    with open_zip(container) as archive:
        return lms.groups(list(_members(archive)), wanted, every=True)


def is_group(path: Path) -> bool:
    """Whether ``path`` names a student of a class download (``CONTAINER/KEY``)."""
    return lms.is_key(path.name) and not os.path.lexists(path) and (
        path.parent.is_dir() or zipfile.is_zipfile(path.parent))


def from_group(path: Path, name: str | None = None) -> Submission:
    """The submission of student ``path.name`` in the class download ``path.parent``."""
    container, key = path.parent, path.name
    files = [e.file for e in manifest.load()]
    found = _download_groups(container, files)
    group = found[1].get(key) if found else None
    if group is None:
        raise SubmissionError(t("no such file or folder: {path}", path=path))
    submission = Submission(name or key, str(path), layout=found[0])
    paths = sorted(group)
    if container.is_dir():
        real_root = os.path.realpath(container)
        zips = [p for p in paths if p.lower().endswith(".zip")]
        if len(zips) == 1 and not any(wanted_name(files)(p.rpartition("/")[2]) for p in paths):
            # a student who uploaded a zip: it is the submission
            zipped = from_zip(container / group[zips[0]], name or key)
            zipped.layout, zipped.origin = found[0], str(path)
            return zipped
        _fill(submission, paths, files, key,
              lambda file, rel: _read_file(file, container / group[rel], real_root)
              if rel in group else None)
        return submission
    with open_zip(container) as archive:
        by_name = _members(archive)

        def read(file: str, rel: str) -> Source | None:
            member = by_name.get(group.get(rel, ""))
            return _read_member(archive, file, member,
                                f"{container}/{member.filename}" if member else "")

        _fill(submission, paths, files, key, read)
    return submission


# ------------------------------------------------------------------ finding
def load(path: str | os.PathLike, name: str | None = None) -> Submission:
    path = Path(path)
    if not os.path.lexists(path):
        if is_group(path):
            return from_group(path, name)
        raise SubmissionError(t("no such file or folder: {path}", path=path))
    if path.is_symlink():
        raise SubmissionError(t("{path} is a symbolic link; give the folder or zip itself",
                                path=path))
    if path.is_dir():
        return from_folder(path, name)
    if not stat.S_ISREG(os.stat(path).st_mode):  # a FIFO or a device would block the read
        raise SubmissionError(t("{name} is neither a folder nor a zip file", name=path.name))
    if zipfile.is_zipfile(path):
        return from_zip(path, name)
    raise SubmissionError(t("{name} is neither a folder nor a zip file", name=path.name))


def looks_like_submission(path: Path) -> bool:
    """True for a zip, or a folder with exercise files (or their near names, ``plain_name``)
    at its top or in exercises/."""
    if path.is_file():
        return path.suffix.lower() == ".zip"
    files = [e.file for e in manifest.load()]
    if any(os.path.lexists(d / f) for d in (path, path / "exercises") for f in files):
        return True
    wanted = wanted_name(files)
    return any(wanted(p.name) for d in (path, path / "exercises") for p in _listdir(d))


def find(path: str | os.PathLike) -> list[Path]:
    """The submissions that ``path`` names: itself, each folder and zip inside it, or each
    student of a Canvas or Moodle download (folder or zip; ``lms``)."""
    path = Path(path)
    if not os.path.lexists(path):
        raise SubmissionError(t("no such file or folder: {path}", path=path))
    files = [e.file for e in manifest.load()]
    if path.is_file() and not path.is_symlink() and path.suffix.lower() == ".zip":
        try:
            found = _download_groups(path, files)
        except SubmissionError:
            found = None  # graded as one submission, whose row says why it cannot be read
        return [path / key for key in sorted(found[1])] if found else [path]
    if not path.is_dir() or looks_like_submission(path):
        return [path]
    download = _download_groups(path, files)
    grouped = {p for g in download[1].values() for p in g.values()} if download else set()
    found = [p for p in _listdir(path) if not p.name.startswith(".") and p.name not in grouped
             and (p.is_dir() or p.suffix.lower() == ".zip")]
    found += [path / key for key in (download[1] if download else ())]
    if not found:
        raise SubmissionError(t("{path} holds no submissions: put one folder or zip per student "
                                "in it, or the exercise files themselves", path=path))
    return sorted(found)
