#!/usr/bin/env bash
# Gradescope runs this once, from /autograder/source, when it builds the image.
# AUTOGRADER_ROOT moves the root (to try the bundle elsewhere); PYTHON picks the
# interpreter that makes the venv (default python3: 3.10 or newer); TORCH_INDEX the
# index torch's CPU build comes from (default PyTorch's own; "pypi": PyPI's build).
set -euo pipefail
ROOT="${AUTOGRADER_ROOT:-/autograder}"
PYTHON="${PYTHON:-python3}"
TORCH_INDEX="${TORCH_INDEX:-https://download.pytorch.org/whl/cpu}"
cd "$(dirname "$0")"
if ! command -v "$PYTHON" >/dev/null || ! "$PYTHON" -m venv --help >/dev/null 2>&1; then
    apt-get update && apt-get install -y python3 python3-venv python3-pip
fi
"$PYTHON" -c 'import sys; sys.exit(sys.version_info < (3, 10))' \
    || { echo "setup.sh: attention-kit needs Python 3.10 or newer; $PYTHON is $("$PYTHON" -V 2>&1)" >&2; exit 2; }
"$PYTHON" -m venv "$ROOT/venv"
"$ROOT/venv/bin/pip" install --upgrade pip
# torch's CPU build (a few hundred MB) from PyTorch's own index, rather than the CUDA
# build (several GB) that PyPI has under the same version; where that index cannot be
# reached, PyPI's build (it runs on the CPU too); then the rest from PyPI. The pins may
# carry environment markers (Python 3.10 takes an older numpy): pip reads them.
torch_pin="$(grep '^torch==' requirements.txt | head -n 1)"
if [ "$TORCH_INDEX" = pypi ] || ! "$ROOT/venv/bin/pip" install --index-url "$TORCH_INDEX" "$torch_pin"; then
    [ "$TORCH_INDEX" = pypi ] || echo "setup.sh: $TORCH_INDEX did not serve $torch_pin; taking PyPI's build" >&2
    "$ROOT/venv/bin/pip" install "$torch_pin"
fi
"$ROOT/venv/bin/pip" install -r requirements.txt
