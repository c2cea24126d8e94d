"""deploy/supervise.sh keeps the worker and beat alive under honcho: a process that exits is
restarted with backoff (so honcho never stops the web server because Redis was away too long), and
SIGTERM stops the child and the loop."""

from __future__ import annotations

import signal
import subprocess
import time

from tests.support import ROOT, wait_until


def test_an_exiting_process_is_restarted_until_the_supervisor_is_stopped(tmp_path):
    runs = tmp_path / "runs"
    command = ["bash", "-c", f"echo run >> {runs}; exit 3"]
    supervisor = subprocess.Popen([str(ROOT / "deploy" / "supervise.sh"), "flaky", *command])
    try:
        wait_until(lambda: runs.exists() and len(runs.read_text().split()) >= 3, timeout=10)
    finally:
        supervisor.send_signal(signal.SIGTERM)
    assert supervisor.wait(timeout=5) == 0
    count = len(runs.read_text().split())
    time.sleep(2)
    assert len(runs.read_text().split()) == count  # stopped means no more restarts


def test_sigterm_stops_a_running_child(tmp_path):
    marker = tmp_path / "child.pid"
    command = ["bash", "-c", f"echo $$ > {marker}; exec sleep 300"]
    supervisor = subprocess.Popen([str(ROOT / "deploy" / "supervise.sh"), "sleeper", *command])
    wait_until(lambda: marker.exists() and marker.read_text().strip(), timeout=10)
    child = int(marker.read_text())
    supervisor.send_signal(signal.SIGTERM)
    assert supervisor.wait(timeout=10) == 0
    assert subprocess.run(["kill", "-0", str(child)], capture_output=True).returncode != 0


def test_every_long_running_process_of_make_run_is_supervised():
    """One of the engine, Redis, the mail sink, the provider, the worker or beat exiting must not stop the
    site: each is restarted by deploy/supervise.sh (only the one-shot seeder and UI build, and gunicorn, whose
    master restarts its own workers, run bare)."""
    procfile = (ROOT / "Procfile").read_text(encoding="utf-8")
    entries = dict(line.split(": ", 1) for line in procfile.splitlines() if line.strip())
    bare = {name for name, command in entries.items() if not command.startswith(f"deploy/supervise.sh {name} ")}
    assert bare == {"seed", "ui", "web"}, bare


def test_beat_runs_apart_and_its_drains_expire():
    from worker.app import celery_app

    procfile = (ROOT / "Procfile").read_text(encoding="utf-8")
    worker_line = next(line for line in procfile.splitlines() if line.startswith("worker:"))
    assert " -B" not in worker_line and any(line.startswith("beat:") for line in procfile.splitlines())
    assert celery_app.conf.beat_schedule["drain-outbox"]["options"]["expires"] <= 30
