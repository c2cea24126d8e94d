#!/usr/bin/env bash
# System packages the project needs: Redis, PostgreSQL, Chromium and a CJK font (browser tests) from Debian, Java and Maven.
# Installs what is missing with apt-get when running as root; otherwise says what to install.
set -euo pipefail
missing=()
command -v redis-server >/dev/null || missing+=(redis-server)
command -v chromium >/dev/null || [ -x /usr/bin/chromium ] || missing+=(chromium)
# Without a CJK font, Chromium draws Chinese as empty boxes in screenshots.
[ -d /usr/share/fonts/opentype/noto ] && fc-list 2>/dev/null | grep -qi "Noto Sans CJK" || missing+=(fonts-noto-cjk)
command -v java >/dev/null || missing+=(openjdk-17-jre-headless)
command -v mvn >/dev/null || missing+=(maven)
command -v curl >/dev/null || missing+=(curl)
# PostgreSQL's server programs (deploy/postgres.sh runs a private cluster; Debian keeps them off PATH).
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || missing+=(postgresql)
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "system-deps: installing ${missing[*]}" >&2
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
else
  echo "system-deps: please install: ${missing[*]} (Debian/Ubuntu: sudo apt-get install ${missing[*]})" >&2
  exit 1
fi
