"""Grading a class in shards on many machines, and merging the shards into one run.

Rows and reports are joined by the student's key (grades.csv's ``key`` column, the
report's file name), never by a name as a spreadsheet shows it; ``merge`` writes one row
per student of the class or refuses with one line.

``grade --shard K/N`` grades the submissions whose name hashes to share K of N: the
share depends on the name alone (a SHA-256 of it), so it does not change when the
submissions are listed in another order or on another machine, and the N shards
together grade every submission exactly once. Each shard writes the usual
``--out`` folder plus ``insights/shard.json``: which shard it is, every submission's
name in the order one run would list them, and the options that decide a grade.

``attn-kit merge OUT1 ... OUTN --out DIR`` checks that the shards belong together (the
same class, the same options, every share present once), then writes what one run
would have written: the reports, ``grades.csv`` in one run's order, and the class view
(the shards' views added up).
"""
from __future__ import annotations

import csv
import hashlib
import io
import json
from pathlib import Path

from checker import files
from checker.grading import insights, insights_files
from checker.grading.reports import KEY_COLUMN
from checker.i18n import t

SCHEMA = "attention-kit/shard"
RECORD = "shard.json"
CSV_NAME = "grades.csv"
# what decides a grade: shards graded with different values cannot be one run
DECIDING = ("seed", "timeout", "all_or_nothing", "include_beyond", "include_modern", "memory",
            "sandbox",
            "format", "visibility")


class ShardError(Exception):
    """The shards cannot be merged, or a --shard value is wrong (the message says why)."""


def parse(spec: str) -> tuple[int, int]:
    """``K/N`` with 1 <= K <= N."""
    try:
        k, n = (int(part) for part in spec.split("/"))
    except ValueError:
        k, n = 0, 0
    if not 1 <= k <= n:
        raise ShardError(t("--shard wants K/N with 1 <= K <= N, such as 2/8 (got {spec})",
                           spec=spec))
    return k, n


def share_of(name: str, n: int) -> int:
    """The share (1 to n) a submission's report name belongs to."""
    digest = hashlib.sha256(name.encode("utf-8", "surrogateescape")).digest()
    return int.from_bytes(digest[:8], "big") % n + 1


def select(paths: list[Path], names: list[str], k: int, n: int) -> tuple[list[Path], list[str]]:
    """The paths and names of share ``k`` of ``n`` (in their order)."""
    chosen = [(p, name) for p, name in zip(paths, names) if share_of(name, n) == k]
    return [p for p, _ in chosen], [name for _, name in chosen]


def write_record(out: Path, k: int, n: int, all_names: list[str], graded: list[str],
                 options: dict) -> Path:
    path = insights_files.folder(out) / RECORD
    files.write_json(path, {"schema": SCHEMA, "shard": k, "of": n, "names": all_names,
                            "graded": graded, "options": options})
    return path


def _record(folder: Path) -> dict:
    path = Path(folder) / insights_files.FOLDER / RECORD
    try:
        with open(path, encoding="utf-8") as f:
            record = json.load(f)
    except (OSError, ValueError):
        raise ShardError(t("{folder} is not the --out folder of a `grade --shard K/N` run "
                           "(it has no readable {record})", folder=folder,
                           record=f"{insights_files.FOLDER}/{RECORD}")) from None
    if not isinstance(record, dict) or record.get("schema") != SCHEMA:
        raise ShardError(t("{folder} is not the --out folder of a `grade --shard K/N` run "
                           "(it has no readable {record})", folder=folder,
                           record=f"{insights_files.FOLDER}/{RECORD}"))
    return record


def check(folders: list[Path]) -> list[tuple[dict, Path]]:
    """(record, folder) of every shard, in share order, once they make one whole run."""
    records = [_record(f) for f in folders]
    first = records[0]
    for folder, record in zip(folders, records):
        if record["of"] != first["of"] or record["names"] != first["names"]:
            raise ShardError(t("{folder} is a shard of another class or another split than "
                               "{first}: merge the shards of one `grade --shard K/N` run",
                               folder=folder, first=folders[0]))
        for option in DECIDING:
            if record["options"].get(option) != first["options"].get(option):
                raise ShardError(t("{folder} was graded with {option} {value}, {first} with "
                                   "{other}: grade every shard with the same options (give "
                                   "--seed)", folder=folder, option=option,
                                   value=record["options"].get(option), first=folders[0],
                                   other=first["options"].get(option)))
    shares = sorted(r["shard"] for r in records)
    n = first["of"]
    if shares != list(range(1, n + 1)):
        missing = sorted(set(range(1, n + 1)) - set(shares))
        twice = sorted({s for s in shares if shares.count(s) > 1})
        raise ShardError(t("the shards do not make one run: missing {missing}, given twice "
                           "{twice} (of {n})", missing=_list(missing), twice=_list(twice), n=n))
    return sorted(zip(records, folders), key=lambda pair: pair[0]["shard"])


def _list(numbers: list[int]) -> str:
    return ", ".join(str(x) for x in numbers) or "-"


def _rows(folder: Path, graded: list[str]) -> tuple[list[str], dict[str, list[str]]]:
    """A shard's grades.csv: its header and its rows by student key (the ``key`` column).

    Every student the shard graded must have exactly one row and every row must be one
    of them: a row is never dropped, doubled or taken by a look-alike name."""
    path = Path(folder) / CSV_NAME
    try:
        with open(path, newline="", encoding="utf-8-sig") as f:
            table = list(csv.reader(f))
    except (OSError, UnicodeDecodeError) as exc:
        raise ShardError(t("cannot read {path}: {error}", path=path, error=exc)) from None
    header = table[0] if table else []
    if KEY_COLUMN not in header:
        raise ShardError(t("{path} has no {column} column: it was written by an older kit; "
                           "grade that shard again", path=path, column=KEY_COLUMN))
    at = header.index(KEY_COLUMN)
    rows: dict[str, list[str]] = {}
    for row in table[1:]:
        if not row:
            continue
        key = row[at] if at < len(row) else ""
        if key in rows:
            raise ShardError(t("{path} has two rows for the student {key}: grade that shard "
                               "again", path=path, key=key))
        rows[key] = row
    stray = sorted(set(rows) - set(graded))
    missing = [key for key in graded if key not in rows]
    if stray or missing:
        raise ShardError(t("{path} does not hold one row per student the shard graded "
                           "(no row for: {missing}; rows of no student of the shard: "
                           "{stray}): grade that shard again", path=path,
                           missing=", ".join(missing[:5]) or "-",
                           stray=", ".join(stray[:5]) or "-"))
    return header, rows


def merge(folders: list[Path], out: Path, *, bom: bool = True) -> dict:
    """Write the merged run into ``out``; returns counts for the summary.

    Nothing is written before every shard is read and checked: a student's row or report
    that is missing stops the merge with one line (``ShardError``), never a merged class
    with a student less."""
    by_folder = check(folders)
    header: list[str] = []
    rows: dict[str, list[str]] = {}
    reports: dict[str, Path] = {}
    tally = insights.Tally()
    for record, folder in by_folder:
        head, found = _rows(folder, record["graded"])
        if header and head != header:
            raise ShardError(t("{folder}'s grades.csv has other columns than the other "
                               "shards': grade every shard with the same options",
                               folder=folder))
        header = header or head
        twice = sorted(set(rows) & set(found))
        if twice:
            raise ShardError(t("the student {key} was graded by two shards: merge the shards "
                               "of one `grade --shard K/N` run", key=twice[0]))
        rows.update(found)
        for key in record["graded"]:
            source = Path(folder) / f"{key}.json"
            if not source.is_file() or source.is_symlink():
                raise ShardError(t("the report of {name} is missing in {folder}: grade that "
                                   "shard again (merge never drops a student)", name=key,
                                   folder=folder))
            reports[key] = source
        tally.add_view(insights_files.load(Path(folder) / insights_files.FOLDER /
                                           insights_files.JSON_NAME))
    order = by_folder[0][0]["names"]
    unknown = sorted(set(rows) - set(order))
    if unknown or len(rows) != len(order):
        missing = [key for key in order if key not in rows]
        raise ShardError(t("the shards do not grade every student of the class once (not "
                           "graded: {missing}; not of the class: {unknown})",
                           missing=", ".join(missing[:5]) or "-",
                           unknown=", ".join(unknown[:5]) or "-"))
    out.mkdir(parents=True, exist_ok=True)
    for key in order:
        files.write_atomic(out / f"{key}.json", reports[key].read_bytes())
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(header)
    written = 0
    for key in order:  # one run's order
        writer.writerow(rows[key])
        written += 1
    files.write_csv(out / CSV_NAME, buffer.getvalue(), bom=bom)
    page = insights_files.write(out, tally.view(), bom=bom)
    return {"shards": len(by_folder), "reports": len(reports), "rows": written, "page": page}
