"""How fast `attn-kit watch` shows a result after a save, with every exercise solved.

    python benchmarks/watch_speed.py [--rounds N]

Starts `attn-kit watch` in a pseudo-terminal on a workspace where every exercise
is solved, then saves each exercise file in turn (the content unchanged but for
a comment) and times from the write to the moment the redrawn screen has
arrived. Prints the median and the worst, against the floor of a cold start
(`python -c "import torch"`) measured in the same run. The target: at most
0.5 s from save to screen.
"""
from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from terminal import Terminal  # noqa: E402

sys.path.insert(0, str(ROOT))
from checker import manifest  # noqa: E402


def import_floor() -> float:
    times = []
    for _ in range(3):
        start = time.perf_counter()
        subprocess.run([sys.executable, "-c", "import numpy, torch"], check=True)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3, help="saves of each exercise file")
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="attn-watch-"))
    (work / "exercises").mkdir()
    for e in manifest.load():
        shutil.copy(ROOT / "solutions" / e.file, work / "exercises" / e.file)
    env = {**os.environ, "LANG": "en_US.UTF-8", "LC_ALL": ""}
    started = time.perf_counter()
    term = Terminal(["watch", "--lang", "en"], work, env)
    timings: dict[str, list[float]] = {}
    try:
        term.expect("keys: h hint", timeout=60)
        first = time.perf_counter() - started
        for n in range(args.rounds):
            for e in manifest.load():
                path = work / "exercises" / e.file
                text = path.read_text()
                term.advance()
                t0 = time.perf_counter()
                path.write_text(text + f"\n# save {n}\n")
                term.expect(f"checked {e.id} in", timeout=30)
                term.expect("keys: h hint", timeout=30)
                timings.setdefault(e.id, []).append(time.perf_counter() - t0)
        term.send("q")
        term.expect("Bye!")
        term.close()
    finally:
        if term.proc.poll() is None:
            term.proc.kill()
        shutil.rmtree(work, ignore_errors=True)
    floor = import_floor()
    every = [x for values in timings.values() for x in values]
    print(f"watch start-up to the first screen (all checked): {first:.2f} s")
    print(f"floor, `python -c 'import numpy, torch'`: {floor:.2f} s")
    print(f"save -> redrawn screen, {len(every)} saves: median {statistics.median(every):.3f} s, "
          f"worst {max(every):.3f} s (target 0.5 s)")
    for eid, values in timings.items():
        print(f"  {eid}: median {statistics.median(values):.3f} s, worst {max(values):.3f} s")
    print(f"ratio of the median re-check to a cold `import torch`: "
          f"{statistics.median(every) / floor:.2f}")
    return 0 if max(every) <= 0.5 else 1


if __name__ == "__main__":
    raise SystemExit(main())
