#!/bin/sh
# The official postgres image's contract, for Debian's PostgreSQL: on an empty data folder, a cluster owned by
# POSTGRES_USER with POSTGRES_PASSWORD (password logins over the network), then /docker-entrypoint-initdb.d/*.sql
# and *.sh once; then the server listens on every interface.
set -eu
export PGDATA="${PGDATA:-/var/lib/postgresql/data}"
user="${POSTGRES_USER:-postgres}"
if [ "${1:-}" = postgres ] && [ ! -s "$PGDATA/PG_VERSION" ]; then
  : "${POSTGRES_PASSWORD:?docker-entrypoint.sh: POSTGRES_PASSWORD must be set}"
  pwfile=$(mktemp)
  printf '%s\n' "$POSTGRES_PASSWORD" > "$pwfile"
  initdb --username="$user" --pwfile="$pwfile" --encoding=UTF8 --locale=C.UTF-8 \
    --auth-local=trust --auth-host=scram-sha-256 -D "$PGDATA" >/dev/null
  rm -f "$pwfile"
  echo 'host all all all scram-sha-256' >> "$PGDATA/pg_hba.conf"
  # Initialisation on the socket only, so nothing connects before it is done.
  pg_ctl -D "$PGDATA" -o "-c listen_addresses=''" -w start >/dev/null
  for file in /docker-entrypoint-initdb.d/*; do
    case "$file" in
      *.sql) echo "docker-entrypoint.sh: running $file"; psql -v ON_ERROR_STOP=1 -q -U "$user" -d postgres -f "$file" ;;
      *.sh) echo "docker-entrypoint.sh: running $file"; . "$file" ;;
    esac
  done
  pg_ctl -D "$PGDATA" -m fast -w stop >/dev/null
  echo 'docker-entrypoint.sh: PostgreSQL init process complete; ready for start up.'
fi
if [ "${1:-}" = postgres ]; then
  shift
  exec postgres -D "$PGDATA" -c listen_addresses='*' "$@"
fi
exec "$@"
