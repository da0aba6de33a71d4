#!/usr/bin/env bash
# Rate limiter latency: the time the hosting API's rate limiter adds to a request (target: p50 under 1 ms).
# Starts the integration-test Liberty server of this worktree (ear/target/liberty/wlp, server $SERVER, built by
# `mvn verify` with your IT parameters) with the EAR in dropins and warden.hosting.server-timing=true, creates
# TEAMS teams with a token each in its database, then sends N sequential GET /api/v1/applications over one
# keep-alive connection (round robin over the teams, so no team passes its 60 a minute) and reads, per request,
# the server's own timing of the limiter (`Server-Timing: limit;dur=<ms>`: the HostingAccess EJB call, i.e. the
# token check and the upsert of the team's warden_window_counters rows, one statement in its own transaction)
# and of the cache lookup, and the client-side total.
# "Without the limiter" = total minus the limiter's part of the same request, measured in the same run.
# Prints a Markdown table and appends it to bench/RESULTS.md.
#
# Usage: SERVER=wit-limits PORT=9381 DB=wit_limits N=3000 TEAMS=80 bench/rate-limiter.sh
set -euo pipefail
cd "$(dirname "$0")/.."
SERVER=${SERVER:-wit-limits}; PORT=${PORT:-9381}; DB=${DB:-wit_limits}; N=${N:-3000}; TEAMS=${TEAMS:-80}
WLP=ear/target/liberty/wlp
PSQL="psql -h 127.0.0.1 -U postgres -v ON_ERROR_STOP=1 -qAt -d $DB"
BASE="http://localhost:$PORT"
[ -x "$WLP/bin/server" ] || { echo "no Liberty at $WLP: run mvn verify with your IT parameters first"; exit 1; }
[ -d "$WLP/usr/servers/$SERVER" ] || { echo "no server $SERVER in $WLP"; exit 1; }
DROPIN="$WLP/usr/servers/$SERVER/dropins/warden.ear"
mkdir -p "$(dirname "$DROPIN")"
cp ear/target/warden.ear "$DROPIN"
trap '"$WLP/bin/server" stop "$SERVER" >/dev/null 2>&1 || true; rm -f "$DROPIN"' EXIT
export WARDEN_HOSTING_SERVER_TIMING=true WARDEN_DEMO=false
"$WLP/bin/server" stop "$SERVER" >/dev/null 2>&1 || true
"$WLP/bin/server" start "$SERVER" >/dev/null
for _ in $(seq 1 240); do
    [ "$(curl -s -o /dev/null -w '%{http_code}' "$BASE/api/v1/applications")" = 401 ] && break
    sleep 0.5
done
echo "server ready on $BASE (database $DB)"

TOKENS=$(mktemp)
$PSQL > "$TOKENS" <<SQL
WITH owner AS (
    INSERT INTO warden_users (email, display_name) VALUES ('bench-' || gen_random_uuid() || '@example.com', 'Bench')
    RETURNING id),
teams AS (
    INSERT INTO warden_teams (name) SELECT 'Bench team ' || g FROM generate_series(1, $TEAMS) g RETURNING id),
members AS (
    INSERT INTO warden_team_members (team_id, user_id, role) SELECT teams.id, owner.id, 'owner' FROM teams, owner
    RETURNING team_id, user_id),
apps AS (
    INSERT INTO warden_applications (team_id, slug, name)
    SELECT team_id, 'bench-' || team_id || '-' || substr(md5(random()::text), 1, 6), 'Bench' FROM members),
tokens AS (
    SELECT team_id, user_id, 'wdn_bench_' || md5(random()::text || team_id) AS token FROM members),
stored AS (
    INSERT INTO warden_api_tokens (team_id, created_by, name, token_hash, token_prefix)
    SELECT team_id, user_id, 'bench', encode(sha256(convert_to(token, 'UTF8')), 'hex'), substr(token, 1, 12) FROM tokens)
SELECT token FROM tokens;
SQL

RESULT=$(python3 - "$BASE" "$N" "$TOKENS" <<'PY'
import http.client, sys, time, urllib.parse, statistics
base, n, tokens_file = sys.argv[1], int(sys.argv[2]), sys.argv[3]
tokens = [t.strip() for t in open(tokens_file) if t.strip()]
u = urllib.parse.urlparse(base)
conn = http.client.HTTPConnection(u.hostname, u.port)
limit, cache, total, statuses = [], [], [], {}
for i in range(n):
    t0 = time.perf_counter()
    conn.request("GET", "/api/v1/applications", headers={"Authorization": "Bearer " + tokens[i % len(tokens)]})
    r = conn.getresponse(); r.read()
    total.append((time.perf_counter() - t0) * 1000)
    statuses[r.status] = statuses.get(r.status, 0) + 1
    for part in (r.getheader("Server-Timing") or "").split(","):
        name, _, dur = part.strip().partition(";dur=")
        if name == "limit": limit.append(float(dur))
        if name == "cache": cache.append(float(dur))
def pct(xs, p):
    xs = sorted(xs); return xs[min(len(xs) - 1, int(round(p / 100 * (len(xs) - 1))))] if xs else float("nan")
warm = lambda xs: xs[len(xs) // 5:]   # the first 20% warm the JIT and the pool
L, C, T = warm(limit), warm(cache), warm(total)
without = [t - l for t, l in zip(warm(total), warm(limit))]
print(f"| limiter (Server-Timing `limit`) | {pct(L,50):.3f} | {pct(L,95):.3f} |")
print(f"| cache lookup (Server-Timing `cache`) | {pct(C,50):.3f} | {pct(C,95):.3f} |")
print(f"| whole request, with the limiter (client) | {pct(T,50):.3f} | {pct(T,95):.3f} |")
print(f"| whole request minus the limiter | {pct(without,50):.3f} | {pct(without,95):.3f} |")
print(f"STATUS {statuses} measured {len(T)} of {n}")
PY
)
rm -f "$TOKENS"
TABLE=$(echo "$RESULT" | grep '^|')
STATUS=$(echo "$RESULT" | grep '^STATUS')
HEADER="## rate limiter latency, $(date -u +%Y-%m-%d) — $N sequential GET /api/v1/applications over $TEAMS teams"
OUT="$HEADER

Machine: $(nproc) cores, $(free -g | awk '/Mem:/ {print $2}') GiB; Open Liberty on 127.0.0.1:$PORT, PostgreSQL on 127.0.0.1 (database $DB); responses: ${STATUS#STATUS }.

| part | p50 (ms) | p95 (ms) |
| --- | --- | --- |
$TABLE"
echo "$OUT"
printf '\n%s\n' "$OUT" >> bench/RESULTS.md
