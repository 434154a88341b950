"""Report names: one per submission, spelt like the original, unique however it is typed.

A submission's name is its folder or zip name as the student spelt it: spaces, accents
and CJK stay. Only what no file system (or spreadsheet) takes is replaced: control and
format characters, ``/ \\ : * ? " < > |``, leading and trailing dots and spaces; a name
too long is cut and ends with a digest of the whole.

A name is kept in Unicode's composed form (NFC): ``José`` typed with two code points, as
macOS spells file names, is the ``José`` of a roster or a gradebook.

Two names are the same name when they are equal after Unicode normalisation (NFKC) and
case folding: ``Clean_a`` and ``clean_a``, ``ｃｌｅａｎ_ａ`` and ``clean_a``, ``José``
written with one code point or two. A spreadsheet's lookup, a case-insensitive file system
or a human would mix them up. Then *every* submission of that name is renamed the same
way (the name, ``-`` and a digest of its original path), so no one keeps the name by
coming first or by being spelt plainly, and the run says so.

Letters of other scripts drawn like Latin ones count as those letters too: ``clеan_a``
with a Cyrillic ``е`` and ``clean_a`` are one name (``LOOK_ALIKE``, the Cyrillic, Greek,
Armenian and Latin-extension letters that Unicode's confusables list, UTS #39, maps to a
plain Latin letter). A name written wholly in another script keeps its own letters.
"""
from __future__ import annotations

import hashlib
import re
import unicodedata
from dataclasses import dataclass

from checker.text import FILE_NAME_LIMIT, clean

_UNSAFE = re.compile(r'[\x00-\x1f\x7f/\\:*?"<>|]+')
_FORMULA_START = re.compile(r"^[=+\-@]")  # what a spreadsheet runs as a formula


def report_name(raw: str, limit: int = FILE_NAME_LIMIT) -> str:
    """``raw`` as a report's file name: the original spelling where a file system allows it."""
    name = unicodedata.normalize("NFC", clean(raw))  # one spelling of José, as rosters have
    name = " ".join(_UNSAFE.sub("_", name).split()).strip(". ") or "submission"
    name = _FORMULA_START.sub("_", name)
    if len(name) <= limit:
        return name
    digest = _digest(raw, 10)
    return f"{name[: limit - len(digest) - 1].rstrip('. ')}-{digest}"


# letter of another script -> the Latin letter it is drawn as (capitals and small ones:
# the fold comes before case folding, which would turn a Cyrillic capital into a small
# letter that no longer looks Latin)
LOOK_ALIKE = str.maketrans(dict(zip(
    # Cyrillic capitals, then small letters
    "АВЕКМНОРСТХУЅІЈҮҺԚԜӀ" "аеорсухѕіјһԁԛԝӏү"
    # Greek capitals, then small letters
    "ΑΒΕΖΗΙΚΜΝΟΡΤΥΧ" "αορικνχυϲϳ"
    # Armenian, Latin extensions
    "օսցհո" "ıɑɡɩǀ",
    "ABEKMHOPCTXYSIJYHQWl" "aeopcyxsijhdqwly"
    "ABEZHIKMNOPTYX" "aopikvxucj"
    "oughn" "iagil", strict=True)))


def key(name: str) -> str:
    """What two names must differ in to be told apart: NFKC, look-alike letters as the
    Latin ones (``LOOK_ALIKE``), case folded, NFKC again."""
    folded = unicodedata.normalize("NFKC", name).translate(LOOK_ALIKE)
    return unicodedata.normalize("NFKC", folded.casefold())


def _digest(text: str, n: int) -> str:
    return hashlib.sha256(text.encode("utf-8", "surrogateescape")).hexdigest()[:n]


@dataclass(frozen=True)
class Collision:
    """Submissions whose names were the same name: their original paths and new names."""

    name: str                          # the name they shared (as the first one spelt it)
    renamed: tuple[tuple[str, str], ...]  # (original path, new name), in path order


def unique(stems: list[str], paths: list[str]) -> tuple[list[str], list[Collision]]:
    """A unique report name per submission (``stems[i]`` from ``paths[i]``).

    ``paths`` are the submissions' original paths relative to what was graded (all
    different): the digest that sets colliding names apart comes from them, so a name
    does not depend on the order the submissions are listed in, nor on who else is in
    the class. A new name that meets another name is renamed again, with the other."""
    bases = [report_name(stem) for stem in stems]
    names = list(bases)
    groups_seen: list[tuple[str, list[int]]] = []
    for round_ in range(1, 8):
        groups: dict[str, list[int]] = {}
        for i, name in enumerate(names):
            groups.setdefault(key(name), []).append(i)
        clashing = [g for g in groups.values() if len(g) > 1]
        if not clashing:
            break
        for group in clashing:
            group.sort(key=lambda i: paths[i])
            shared = names[group[0]]
            for i in group:  # from its own name again, with a longer digest each round
                digest = _digest(paths[i], 4 + 2 * round_)
                names[i] = report_name(f"{bases[i][: FILE_NAME_LIMIT - len(digest) - 1]}-{digest}")
            groups_seen.append((shared, group))
    else:  # digests that keep meeting (never seen): number what is left, in path order
        seen: set[str] = set()
        for i in sorted(range(len(names)), key=lambda i: paths[i]):
            n, name = 2, names[i]
            while key(name) in seen:
                name, n = report_name(f"{names[i][: FILE_NAME_LIMIT - 8]}-{n}"), n + 1
            seen.add(key(name))
            names[i] = name
    # each group with the names its members ended with
    collisions = [Collision(shared, tuple((paths[i], names[i]) for i in group))
                  for shared, group in groups_seen]
    return names, collisions
