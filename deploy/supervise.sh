#!/usr/bin/env bash
# Keep a long-running process alive under the process manager: restart it when it exits (Redis or the
# database away longer than its own retry budget, a crash, kill -9), waiting 1, 2, 4 ... 30 s between
# tries, instead of exiting and making honcho stop every other process (the web server among them).
# SIGTERM/SIGINT stop the child and this loop.
#   deploy/supervise.sh NAME COMMAND [ARGS...]
set -uo pipefail
name=$1; shift
child=0
stopping=0
stop() { stopping=1; [ "$child" -gt 0 ] && kill -TERM "$child" 2>/dev/null; }
trap stop TERM INT
pause=1
while [ "$stopping" = 0 ]; do
  started=$(date +%s)
  "$@" &
  child=$!
  wait "$child"; code=$?
  # `wait` returns early when a trapped signal arrives: wait again for the child to finish.
  while kill -0 "$child" 2>/dev/null; do wait "$child"; code=$?; done
  child=0
  [ "$stopping" = 1 ] && break
  # A run that lasted a while resets the backoff.
  if [ $(( $(date +%s) - started )) -ge 60 ]; then pause=1; fi
  echo "supervise: $name exited with $code; restarting in ${pause}s" >&2
  sleep "$pause" & wait $! || true
  pause=$(( pause * 2 > 30 ? 30 : pause * 2 ))
done
exit 0
