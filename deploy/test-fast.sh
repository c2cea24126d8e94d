#!/usr/bin/env bash
# The fast lane (`make test-fast`): every test that needs no service, with nothing started. The Python
# tests not marked `services` (tests/conftest.py enforces the mark: an unmarked test that connects to a
# service port fails) and the UI's unit tests run side by side, one on each core.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
t0=$(date +%s)
log=$(mktemp -d)
.venv/bin/pytest -q -m "not services" tests >"$log/python" 2>&1 &
python_pid=$!
(cd ui && npm test) >"$log/ui" 2>&1 &
ui_pid=$!
wait $python_pid; python_rc=$?
wait $ui_pid; ui_rc=$?
printf '\n=== python (not services) ===\n'; tail -n 25 "$log/python"
printf '\n=== ui unit ===\n'; tail -n 8 "$log/ui"
printf '\n=== fast lane: %s s (python exit %s, ui exit %s) ===\n' "$(( $(date +%s) - t0 ))" "$python_rc" "$ui_rc"
rm -rf "$log"
[ "$python_rc" = 0 ] && [ "$ui_rc" = 0 ]
