#!/usr/bin/env bash
# Live rooms on two nodes (docs/game-api.md, "Requirements: Across nodes"): starts two Liberty servers
# from the built runtime (ear/target/liberty/wlp) and EAR (ear/target/warden.ear) on one database, then
#   1. bench/RoomsTool.java two-nodes: players on node B, an operator on node A: list, read, message, state edit,
#      lock, kick and a ban through A act on B's room and sockets (4001, 4003, sessions_closed), then the admin
#      command latency A -> room on B (p50/p95/p99) and the room list time;
#   2. the heartbeat: node B is killed (SIGKILL, no orderly stop) while it hosts a room, and the time until A's
#      heartbeat sweep removes B's rows from warden_rooms is printed (must be under a minute).
# Build first: mvn -B -q install -DskipTests -DskipITs (or any ./test.sh run) so that both exist.
#   bench/rooms-two-nodes.sh            (ports ROOMS_PORT_A=9410, ROOMS_PORT_B=9411, database ROOMS_DB=warden_rooms_two)
set -euo pipefail
cd "$(dirname "$0")/.."
wlp=ear/target/liberty/wlp
ear=ear/target/warden.ear
db=${ROOMS_DB:-warden_rooms_two}
port_a=${ROOMS_PORT_A:-9410}
port_b=${ROOMS_PORT_B:-9411}
pg=(psql -h 127.0.0.1 -U postgres -v ON_ERROR_STOP=1 -qtA)

[ -x "$wlp/bin/server" ] && [ -f "$ear" ] || { echo "build first: no $wlp/bin/server or $ear"; exit 1; }
template=
for d in "$wlp"/usr/servers/*/; do
    case "$d" in */rooms-node-a/ | */rooms-node-b/) continue ;; esac # not the ones this script re-creates
    if [ -f "$d/server.xml" ] && ls "$d"/postgresql/*.jar >/dev/null 2>&1; then template=$d; break; fi
done
[ -n "$template" ] || { echo "no server with a postgresql/ driver folder under $wlp/usr/servers (run ./test.sh once)"; exit 1; }

"${pg[@]}" -d postgres -c "DROP DATABASE IF EXISTS $db" >/dev/null
"${pg[@]}" -d postgres -c "CREATE DATABASE $db" >/dev/null

make_server() { # name port node
    local dir="$wlp/usr/servers/$1"
    rm -rf "$dir"
    mkdir -p "$dir/dropins" "$dir/postgresql"
    cp server-config/src/main/liberty/config/server.xml "$dir/server.xml"
    cp "$template"/postgresql/*.jar "$dir/postgresql/"
    cp "$ear" "$dir/dropins/warden.ear"
    cat > "$dir/server.env" <<EOF
WARDEN_HTTP_PORT=$2
WARDEN_DB_URL=jdbc:postgresql://127.0.0.1:5432/$db
WARDEN_NODE_NAME=$3
WARDEN_DEMO=false
WARDEN_PASSWORD_ITERATIONS=1024
WARDEN_ROOMS_HEARTBEAT_SECONDS=5
WARDEN_ROOMS_NODE_TIMEOUT_SECONDS=30
EOF
    printf -- '-Xmx768m\n' > "$dir/jvm.options"
}

wait_ready() { # port
    local begin=$SECONDS
    until [ "$(curl -s -o /dev/null -w '%{http_code}' "http://localhost:$1/admin-api/auth/me")" = 401 ]; do
        sleep 1
        if [ $((SECONDS - begin)) -gt 300 ]; then echo "node on port $1 not ready after 300 s"; exit 1; fi
    done
}

pid_of() { cat "$wlp/usr/servers/.pid/$1.pid" 2>/dev/null || true; }

cleanup() {
    [ -z "${hold_pid:-}" ] || kill "$hold_pid" 2>/dev/null || true
    [ -z "${ROOMS_KEEP:-}" ] || return 0 # ROOMS_KEEP=1: leave both nodes running (stop them with wlp/bin/server stop)
    "$wlp/bin/server" stop rooms-node-a >/dev/null 2>&1 || true
    "$wlp/bin/server" stop rooms-node-b >/dev/null 2>&1 || true
}
trap cleanup EXIT

make_server rooms-node-a "$port_a" node-a
make_server rooms-node-b "$port_b" node-b
echo "[two-nodes] starting node-a on $port_a (migrates $db), then node-b on $port_b"
"$wlp/bin/server" start rooms-node-a >/dev/null
wait_ready "$port_a"
"$wlp/bin/server" start rooms-node-b >/dev/null
wait_ready "$port_b"

# an admin and a panel session for it, written straight into the database (cookie -> SHA-256 id)
. bench/admin-session.sh
cookie=$(admin_session "$db")

java bench/RoomsTool.java two-nodes "http://localhost:$port_a" "http://localhost:$port_b" "$cookie"

echo "[two-nodes] nodes: $("${pg[@]}" -d "$db" -c "SELECT string_agg(node || ' rooms=' || rooms, ', ') FROM warden_nodes")"
# a room held on node B by one bot, then node B killed without an orderly stop
java bench/RoomsTool.java bots "http://localhost:$port_b" 1 1 > /tmp/rooms-two-nodes-bot.log 2>&1 &
hold_pid=$!
until [ "$("${pg[@]}" -d "$db" -c "SELECT count(*) FROM warden_rooms WHERE node = 'node-b'")" -gt 0 ]; do sleep 1; done
b_pid=$(pid_of rooms-node-b)
echo "[two-nodes] node-b (pid $b_pid) hosts $("${pg[@]}" -d "$db" -c "SELECT count(*) FROM warden_rooms WHERE node = 'node-b'") room(s); killing it with SIGKILL"
kill -9 "$b_pid"
killed=$SECONDS
until [ "$("${pg[@]}" -d "$db" -c "SELECT count(*) FROM warden_rooms WHERE node = 'node-b'")" = 0 ]; do
    sleep 1
    if [ $((SECONDS - killed)) -gt 120 ]; then echo "FAILED: node-b's rows still there after 120 s"; exit 1; fi
done
echo "ok: node-b's rows left warden_rooms $((SECONDS - killed)) s after it was killed (node timeout 30 s, heartbeat 5 s)"
kill "$hold_pid" 2>/dev/null || true
hold_pid=
echo "TWO-NODE RUN DONE"
