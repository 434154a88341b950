"""What the report says for each file of a library of wrong implementations.

usage: python benchmarks/feedback_measure.py LIBRARY_DIR [--lang zh] [--json OUT]

LIBRARY_DIR holds <stem>/<name>.py (e.g. tests/blind_feedback/set2); each file's
docstring starts with the mistake it makes (``MISTAKE: ...``, or a ``Cause: id`` line for
the kit's own library). For each file: the telling case, the kind of check, the likely
cause's id and text, side by side with the mistake, so that a person can judge whether
the cause names it (OK / -- when a declared cause is met or missed, ?? when none is
declared). One check per round, one wrong file per exercise. About 6 s.
"""
import json
import re
import shutil
import sys
import tempfile
from pathlib import Path

import torch  # noqa: F401  (before the checker: the fork server forks with it loaded)

from checker import i18n, manifest
from checker import judge
from checker.engine import forkserver

ROOT = Path(__file__).resolve().parent.parent

lib = Path(sys.argv[1])
lang = "zh" if "--lang" in sys.argv and sys.argv[sys.argv.index("--lang") + 1] == "zh" else "en"
i18n.set_lang(lang)
out_json = sys.argv[sys.argv.index("--json") + 1] if "--json" in sys.argv else None
by_stem = {e.stem: e for e in manifest.load()}
files = {stem: sorted((lib / stem).glob("*.py")) for stem in by_stem if (lib / stem).is_dir()}
rounds = max((len(v) for v in files.values()), default=0)
forkserver.get()
rows = []
with tempfile.TemporaryDirectory() as tmp:
    for r in range(rounds):
        folder = Path(tmp) / f"r{r}"
        folder.mkdir()
        chosen = {}
        for e in manifest.load():
            src = ROOT / "solutions" / e.file
            shutil.copy(src, folder / e.file)
            if r < len(files.get(e.stem, [])):
                f = files[e.stem][r]
                shutil.copy(f, folder / e.file)
                chosen[e.id] = f
        sel = [e for e in manifest.load() if e.id in chosen]
        run = judge.run(str(folder), sel).result
        for ex in run.exercises:
            f = chosen[ex.id]
            text = f.read_text()
            doc = re.search(r'"""(.*?)"""', text, re.S)
            doc = doc.group(1) if doc else ""
            first = doc.strip().splitlines()[0] if doc.strip() else ""
            declared = re.search(r"^Cause:\s*(\S+)", doc, re.M)
            case = ex.telling_case()
            fl = case.failure if case else None
            rows.append({"exercise": ex.id, "file": f"{f.parent.name}/{f.name}", "mistake": first,
                         "declared": declared.group(1) if declared else "",
                         "status": ex.status, "case": case.name if case else "",
                         "check": str(fl.check) if fl else "", "cause": fl.cause if fl else "",
                         "likely": fl.likely if fl else "", "summary": fl.summary if fl else ""})
for row in rows:
    mark = "OK " if row["declared"] and row["declared"] == row["cause"] else ("-- " if row["declared"] else "?? ")
    print(f"{mark}{row['file']}\n    mistake: {row['mistake'][:150]}\n    status {row['status']} | case: {row['case'][:90]} | check {row['check']} | cause {row['cause'] or '-'}\n    likely: {row['likely'][:220]}\n    summary: {row['summary'][:160]}")
if out_json:
    Path(out_json).write_text(json.dumps(rows, indent=1, ensure_ascii=False))
