#!/usr/bin/env bash
# Live rooms benchmarks on one node, against a Liberty server started here from the built
# runtime and EAR on its own database (load generator: bench/RoomsTool.java, a second JVM on the same machine):
#   bench/rooms-bench.sh idle [sockets]                  idle player sockets (default 20000): join time p50/p95,
#                                                        and the server's heap after a full GC, per connection
#   bench/rooms-bench.sh search [rooms] [seats]          GET /admin-api/rooms?player=<email> (docs/admin-api.md, "Live
#                                                        rooms" rule 8) over rooms x seats (default 1000 x 10) held by
#                                                        two other nodes (rows written here): p50/p95/p99 of 300 calls
#   bench/rooms-bench.sh broadcast [rooms] [clients] [s] rooms x clients (default 200 x 10), each client sending 2 chat
#                                                        messages a second for s seconds (default 30); latency from
#                                                        a send to the last client's receipt, the server's CPU and
#                                                        the load generator's (its own JVM's), the clients per core of
#                                                        server time, and `uptime` before and after
# Port ROOMS_BENCH_PORT (9412), database ROOMS_BENCH_DB (warden_rooms_bench), server heap ROOMS_BENCH_XMX (2g),
# output folder ROOMS_BENCH_TMP (/tmp), ROOMS_BENCH_HISTO=1 adds the heap's top classes (idle), ROOMS_BENCH_FIGURES=false
# switches the rooms' figures off (docs/operations.md, "Room figures"; broadcast: run with and without to compare).
set -euo pipefail
cd "$(dirname "$0")/.."
mode=${1:?idle or broadcast}
wlp=ear/target/liberty/wlp
ear=ear/target/warden.ear
db=${ROOMS_BENCH_DB:-warden_rooms_bench}
port=${ROOMS_BENCH_PORT:-9412}
server=rooms-bench
tmp=${ROOMS_BENCH_TMP:-/tmp} # where the load generator's output goes (one folder per concurrent run)
pg=(psql -h 127.0.0.1 -U postgres -v ON_ERROR_STOP=1 -qtA)

[ -x "$wlp/bin/server" ] && [ -f "$ear" ] || { echo "build first: no $wlp/bin/server or $ear"; exit 1; }
template=
for d in "$wlp"/usr/servers/*/; do
    [ "$d" != "$wlp/usr/servers/$server/" ] || continue # not the one this script re-creates
    if [ -f "$d/server.xml" ] && ls "$d"/postgresql/*.jar >/dev/null 2>&1; then template=$d; break; fi
done
[ -n "$template" ] || { echo "no server with a postgresql/ driver folder under $wlp/usr/servers (run ./test.sh once)"; exit 1; }

"${pg[@]}" -d postgres -c "DROP DATABASE IF EXISTS $db" >/dev/null
"${pg[@]}" -d postgres -c "CREATE DATABASE $db" >/dev/null
dir="$wlp/usr/servers/$server"
rm -rf "$dir"
mkdir -p "$dir/dropins" "$dir/postgresql"
cp server-config/src/main/liberty/config/server.xml "$dir/server.xml"
cp "$template"/postgresql/*.jar "$dir/postgresql/"
cp "$ear" "$dir/dropins/warden.ear"
max_clients=64
[ "$mode" = broadcast ] && max_clients=${3:-10}
cat > "$dir/server.env" <<EOF
WARDEN_HTTP_PORT=$port
WARDEN_DB_URL=jdbc:postgresql://127.0.0.1:5432/$db
WARDEN_NODE_NAME=bench
WARDEN_DEMO=false
WARDEN_PASSWORD_ITERATIONS=1024
WARDEN_PLAYERS_AUTH_MAX_PER_IP=0
WARDEN_ROOMS_MAX_SOCKETS_PER_USER=0
WARDEN_ROOMS_MAX_SOCKETS_PER_ADDRESS=0
WARDEN_ROOMS_MAX_CREATES_PER_USER=0
WARDEN_ROOMS_LOBBY_MAX_CLIENTS=$max_clients
WARDEN_ROOMS_FIGURES=${ROOMS_BENCH_FIGURES:-true}
WARDEN_ROOMS_NODE_TIMEOUT_SECONDS=3600
EOF
printf -- '-Xmx%s\n' "${ROOMS_BENCH_XMX:-2g}" > "$dir/jvm.options"

trap '"$wlp/bin/server" stop $server >/dev/null 2>&1 || true' EXIT
"$wlp/bin/server" start $server >/dev/null
begin=$SECONDS
until [ "$(curl -s -o /dev/null -w '%{http_code}' "http://localhost:$port/admin-api/auth/me")" = 401 ]; do
    sleep 1
    [ $((SECONDS - begin)) -lt 300 ] || { echo "server not ready after 300 s"; exit 1; }
done
pid=$(cat "$wlp/usr/servers/.pid/$server.pid")

heap_kb() { # used heap after a full GC, in KB
    jcmd "$pid" GC.run >/dev/null
    sleep 2
    jcmd "$pid" GC.run >/dev/null
    jcmd "$pid" GC.heap_info | grep -o 'used [0-9]*K' | head -1 | tr -dc 0-9
}

cpu_ticks() { awk '{print $14 + $15}' "/proc/$pid/stat"; }

case "$mode" in
idle)
    n=${2:-20000}
    sleep 5
    before=$(heap_kb)
    echo "[bench] server heap after GC with no sockets: $((before / 1024)) MB"
    fifo=$(mktemp -u)
    mkfifo "$fifo"
    java -Xss256k -Xmx3g bench/RoomsTool.java idle "http://localhost:$port" "$n" < "$fifo" > "$tmp/rooms-bench-idle.out" 2>&1 &
    tool=$!
    exec 3>"$fifo"
    until grep -q READY "$tmp/rooms-bench-idle.out" || ! kill -0 "$tool" 2>/dev/null; do sleep 2; done
    cat "$tmp/rooms-bench-idle.out"
    open=$(grep -o 'idle: [0-9]* sockets' "$tmp/rooms-bench-idle.out" | tr -dc 0-9)
    after=$(heap_kb)
    echo "[bench] server heap after GC with $open sockets: $((after / 1024)) MB; per connection: $(( (after - before) * 1024 / (open > 0 ? open : 1) )) bytes"
    echo "[bench] server RSS: $(grep VmRSS "/proc/$pid/status" | tr -s ' ')"
    if [ -n "${ROOMS_BENCH_HISTO:-}" ]; then # the classes holding most of the heap (after the GC above)
        jcmd "$pid" GC.class_histogram | head -25
    fi
    echo >&3
    exec 3>&-
    wait "$tool" || true
    rm -f "$fifo"
    ;;
search)
    rooms=${2:-1000}
    seats=${3:-10}
    . bench/admin-session.sh
    cookie=$(admin_session "$db")
    "${pg[@]}" -d "$db" <<EOF >/dev/null
INSERT INTO warden_users (email, display_name)
  SELECT 'seat' || g || '@bench.example', 'Seat ' || g FROM generate_series(1, $rooms * $seats) g;
INSERT INTO warden_nodes (node) VALUES ('bench-a'), ('bench-b');
CREATE TEMP TABLE seat_ids AS
  SELECT id, row_number() OVER (ORDER BY id) - 1 AS n FROM warden_users WHERE email LIKE 'seat%@bench.example';
INSERT INTO warden_rooms (id, type, node, clients, user_ids, metadata, figures)
  SELECT 'room' || r, 'lobby', CASE WHEN r % 2 = 0 THEN 'bench-a' ELSE 'bench-b' END, $seats,
         (SELECT array_agg(id) FROM seat_ids WHERE n / $seats = r), '{"mode":"chat"}',
         '{"messages_in_per_s":1,"lag_ms":0}'
  FROM generate_series(0, $rooms - 1) r;
ANALYZE warden_rooms;
ANALYZE warden_users;
EOF
    java bench/RoomsTool.java search "http://localhost:$port" "$cookie" $((rooms * seats)) 300
    ;;
broadcast)
    rooms=${2:-200}
    clients=${3:-10}
    seconds=${4:-30}
    echo "[bench] before: $(uptime)"
    java -Xmx2g bench/RoomsTool.java broadcast "http://localhost:$port" "$rooms" "$clients" "$seconds" > "$tmp/rooms-bench-bc.out" 2>&1 &
    tool=$!
    until grep -q "LOAD START" "$tmp/rooms-bench-bc.out" 2>/dev/null || ! kill -0 "$tool" 2>/dev/null; do sleep 1; done
    t0=$(cpu_ticks); s0=$(date +%s%N)
    wait "$tool" || true
    t1=$(cpu_ticks); s1=$(date +%s%N)
    cat "$tmp/rooms-bench-bc.out"
    hz=$(getconf CLK_TCK)
    echo "[bench] server CPU during the run: $(awk -v t=$((t1 - t0)) -v hz="$hz" -v ns=$((s1 - s0)) -v c="$(nproc)" \
        'BEGIN { printf "%.0f%% of one core (%.0f%% of the machine'"'"'s %d cores)", 100*t/hz/(ns/1e9), 100*t/hz/(ns/1e9)/c, c }')"
    # what one core of server time carried: the clients over the cores of server CPU the run used
    echo "[bench] clients per core of server time: $(awk -v t=$((t1 - t0)) -v hz="$hz" -v ns=$((s1 - s0)) \
        -v n=$((rooms * clients)) 'BEGIN { printf "%.0f", n / (t/hz/(ns/1e9)) }')"
    echo "[bench] after: $(uptime)"
    ;;
*) echo "mode: idle or broadcast"; exit 1 ;;
esac
