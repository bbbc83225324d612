#!/usr/bin/env bash
# A scratch PostgreSQL server for the server tests and the load benchmark.
#
#   .ci/postgres.sh start DIR [--durable]   initdb in DIR, start on a free port, create the
#                                           database "epochal"; prints its SQLAlchemy URL
#   .ci/postgres.sh stop DIR                stop it (DIR can then be removed)
#
# The server listens on 127.0.0.1 only, trusts local connections, and (unless --durable) runs
# with fsync off: it is thrown away after the run, so crash safety would only cost time.
# PostgreSQL refuses to run as root; as root the server runs as the "postgres" user.
set -euo pipefail

usage() { echo "usage: $0 start DIR [--durable] | stop DIR" >&2; exit 2; }
[[ $# -ge 2 ]] || usage
command=$1
dir=$(realpath -m "$2")
durable=${3:-}

find_bin() {
    if [[ -n "${PG_BIN:-}" ]]; then echo "$PG_BIN"; return; fi
    local found
    found=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
    if [[ -z "$found" && $(id -u) -eq 0 ]] && command -v apt-get >/dev/null; then
        echo "installing PostgreSQL (apt-get)" >&2
        apt-get update -qq >&2 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >&2
        found=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
    fi
    [[ -n "$found" ]] || { echo "no PostgreSQL binaries (set PG_BIN)" >&2; exit 1; }
    echo "$found"
}

as_owner() {
    if [[ $(id -u) -eq 0 ]]; then
        runuser -u postgres -- "$@"
    else
        "$@"
    fi
}

bin=$(find_bin)
case "$command" in
start)
    if [[ $(id -u) -eq 0 ]] && ! id -u postgres >/dev/null 2>&1; then
        useradd --system --no-create-home --shell /usr/sbin/nologin postgres
    fi
    mkdir -p "$dir"
    [[ $(id -u) -eq 0 ]] && chown postgres "$dir"
    port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
    as_owner "$bin/initdb" --pgdata="$dir/data" --username=epochal --auth=trust --encoding=UTF8 \
        --no-sync >"$dir/initdb.log"
    settings="-c listen_addresses=127.0.0.1 -p $port -k $dir -c max_connections=200"
    if [[ "$durable" != "--durable" ]]; then
        settings="$settings -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
    fi
    as_owner "$bin/pg_ctl" --pgdata="$dir/data" --log="$dir/server.log" --options="$settings" \
        --wait --silent start >&2
    as_owner "$bin/createdb" --host=127.0.0.1 --port="$port" --username=epochal epochal
    url="postgresql+psycopg://epochal@127.0.0.1:$port/epochal"
    echo "$url" >"$dir/url"
    echo "$url"
    ;;
stop)
    [[ -d "$dir/data" ]] || exit 0
    as_owner "$bin/pg_ctl" --pgdata="$dir/data" --mode=fast --wait --silent stop >&2 || true
    ;;
*)
    usage
    ;;
esac
