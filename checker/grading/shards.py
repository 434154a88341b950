"""Grading a class in shards on many machines, and merging the shards into one run.

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
from checker.i18n import t

SCHEMA = "attention-kit/shard"
RECORD = "shard.json"
CSV_NAME = "grades.csv"
# what decides a grade: shards graded with different values cannot be one run
DECIDING = ("seed", "timeout", "all_or_nothing", "include_beyond", "memory", "sandbox",
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


def _rows(folder: Path) -> tuple[list[str], dict[str, list[str]]]:
    path = Path(folder) / CSV_NAME
    try:
        with open(path, newline="", encoding="utf-8") as f:
            table = list(csv.reader(f))
    except OSError as exc:
        raise ShardError(t("cannot read {path}: {error}", path=path, error=exc)) from None
    if not table:
        return [], {}
    return table[0], {row[0]: row for row in table[1:] if row}


def merge(folders: list[Path], out: Path, on_missing=None) -> dict:
    """Write the merged run into ``out``; returns counts for the summary."""
    by_folder = check(folders)
    out.mkdir(parents=True, exist_ok=True)
    header: list[str] = []
    rows: dict[str, list[str]] = {}
    tally = insights.Tally()
    reports = 0
    for record, folder in by_folder:
        head, found = _rows(folder)
        if found:
            if header and head != header:
                raise ShardError(t("{folder}'s grades.csv has other columns than the other "
                                   "shards': grade every shard with the same options",
                                   folder=folder))
            header = head
        rows.update(found)
        for name in record["graded"]:
            source = Path(folder) / f"{name}.json"
            if source.is_file() and not source.is_symlink():
                files.write_atomic(out / source.name, source.read_bytes())
                reports += 1
            elif on_missing is not None:
                on_missing(name, folder)
        tally.add_view(insights_files.load(Path(folder) / insights_files.FOLDER /
                                           insights_files.JSON_NAME))
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    if header:
        writer.writerow(header)
    for name in by_folder[0][0]["names"]:
        if name in rows:
            writer.writerow(rows[name])
    files.write_atomic(out / CSV_NAME, buffer.getvalue())
    page = insights_files.write(out, tally.view())
    return {"shards": len(by_folder), "reports": reports, "rows": len(rows), "page": page}
