#!/usr/bin/env bash
# Starts a throwaway PostgreSQL (Debian's, installed by .ci/run when missing) on 127.0.0.1:55432
# for tests/server/postgres.test.ts, and prints the URL to export as PLAZA_TEST_DATABASE_URL.
set -euo pipefail
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n1)
[ -n "$bin" ] || { echo "PostgreSQL is not installed" >&2; exit 1; }
dir=${PLAZA_PG_DIR:-/tmp/plaza-test-pg}
port=${PLAZA_PG_PORT:-55432}
run() { if [ "$(id -u)" = 0 ]; then su postgres -s /bin/bash -c "$*"; else bash -c "$*"; fi; }
if ! run "$bin/pg_ctl -D $dir status" >/dev/null 2>&1; then
  rm -rf "$dir" && mkdir -p "$dir"
  [ "$(id -u)" = 0 ] && chown postgres "$dir"
  run "$bin/initdb -D $dir -U plaza --auth=trust" >/dev/null
  run "$bin/pg_ctl -D $dir -o '-p $port -k $dir -c listen_addresses=127.0.0.1' -l $dir/log -w start" >/dev/null
fi
echo "postgres://plaza@127.0.0.1:$port/postgres"
