"""How long `attn-kit check` takes with every exercise solved, against the floor.

The floor is `python -c "import torch, pytest"`: any check command pays it. The
target is a ratio of at most 1.5. Both commands run in turn, several times, in
one run on the same machine; the script prints the medians and the ratio.

    python benchmarks/check_speed.py [--runs 7] [--part lesson|beyond|modern ...]

``--part`` checks only those parts' exercises (``attn-kit check 01 02 ...``): the figure of
the exercises a target was set for, beside the whole course's.
"""
from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def timed(cmd: list[str], cwd: Path) -> float:
    start = time.perf_counter()
    done = subprocess.run(cmd, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    elapsed = time.perf_counter() - start
    if done.returncode != 0:
        sys.exit(f"{' '.join(cmd)} failed ({done.returncode}): {done.stderr.decode()[-500:]}")
    return elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--part", action="append", choices=("lesson", "beyond", "modern"))
    args = parser.parse_args()
    from checker import manifest

    ids = [e.id for e in manifest.load() if args.part and e.part.value in args.part]
    with tempfile.TemporaryDirectory() as tmp:
        workspace = Path(tmp)
        (workspace / "exercises").mkdir()
        for path in (ROOT / "solutions").glob("ex*.py"):
            shutil.copy(path, workspace / "exercises" / path.name)
        floor_cmd = [sys.executable, "-c", "import torch, pytest"]
        check_cmd = [sys.executable, "-m", "checker", "check", *ids]
        timed(check_cmd, workspace)  # warm the file cache once
        floor, check = [], []
        for _ in range(args.runs):
            floor.append(timed(floor_cmd, workspace))
            check.append(timed(check_cmd, workspace))
    f, c = statistics.median(floor), statistics.median(check)
    print(f"import torch, pytest : median {f:.2f} s  (runs: {', '.join(f'{x:.2f}' for x in floor)})")
    print(f"attn-kit check ({'all' if not ids else ' '.join(ids)}) : median {c:.2f} s  (runs: {', '.join(f'{x:.2f}' for x in check)})")
    print(f"ratio                : {c / f:.2f}  (target <= 1.5)")


if __name__ == "__main__":
    main()
