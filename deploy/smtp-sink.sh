#!/usr/bin/env bash
# The local SMTP sink (deploy/smtp_sink.py): the sign-in provider's mail lands in var/mail-<port>/ as .eml
# (HUB_MAIL_DIR to put it elsewhere); `last` prints the newest message's file.
#   deploy/smtp-sink.sh run | start | stop | status | last      port: HUB_SMTP_PORT (2525)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
port=${HUB_SMTP_PORT:-2525}
var=${HUB_VAR_DIR:-$root/var}
dir=${HUB_MAIL_DIR:-$root/var/mail-$port}  # not under HUB_VAR_DIR: tests read it at a fixed place
pidfile="$var/smtp-sink-$port.pid"
py="$root/.venv/bin/python"

listening() { (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; }

case "${1:-run}" in
  run) mkdir -p "$dir"; exec "$py" "$here/smtp_sink.py" "$port" "$dir" ;;
  start)
    mkdir -p "$dir"
    if listening; then echo "smtp sink: already running on $port"; exit 0; fi
    nohup "$py" "$here/smtp_sink.py" "$port" "$dir" >"$var/smtp-sink-$port.log" 2>&1 &
    echo $! >"$pidfile"
    for _ in $(seq 1 50); do listening && { echo "smtp sink: ready on $port ($dir)"; exit 0; }; sleep 0.1; done
    echo "smtp sink: did not start; see $var/smtp-sink-$port.log" >&2; exit 1 ;;
  stop)
    [ -f "$pidfile" ] && kill "$(cat "$pidfile")" 2>/dev/null || true
    rm -f "$pidfile"; echo "smtp sink: stopped ($port)" ;;
  status) listening && echo "smtp sink: up on $port" ;;
  last) ls -1t "$dir"/*.eml 2>/dev/null | head -n 1 ;;
  *) echo "usage: $0 run|start|stop|status|last" >&2; exit 2 ;;
esac
