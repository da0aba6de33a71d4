#!/usr/bin/env bash
# Webhooks under load (docs/webhooks.md; targets: 1,000 events a second into the outbox with delivery to a local
# receiver keeping up, p99 event-to-delivery under 2 s; the panel's write latency within 10% of its value without
# webhooks). Against a RUNNING Warden started with WARDEN_WEBHOOKS_ALLOW_PRIVATE_TARGETS=true (the receiver is on
# 127.0.0.1) and that server's own database, which this script writes to: never point it at a shared database.
#
#   1. outbox: RATE events a second for DUR seconds are inserted straight into the outbox (one event and one delivery
#      per row, as WebhookEvents writes them) while bench/WebhookSink.java receives; the sink reports the time from
#      each event's timestamp to its arrival (count, p50, p99, max) and the script how long the drain took.
#   2. writes: a signed-in admin POSTs /admin-api/userNotes from CONC closed-loop clients (bench/HttpLoad.java) for
#      LDUR seconds, alternating (ABBA, RUNS times) no subscription and a subscription to userNotes.* on the sink:
#      the write latency with and without webhooks, measured in one run; then the same ABBA at a fixed rate of WRATE
#      writes a second (open loop, 8 client threads: bench/HttpLoad.java's <seconds>@<rate>), the latency of a
#      write at a panel's working rate rather than at the 2 cores' saturation (WRATE=0 leaves it out).
# Prints a Markdown table and appends it to bench/RESULTS.md with the load average.
#
# Usage: DB=warden_h4 BASE=http://127.0.0.1:9480 EMAIL=admin@warden.local PASSWORD=... RATE=1000 DUR=10 CONC=4 \
#        LDUR=15 RUNS=2 WRATE=100 WARM=120 NOTE="..." bench/webhooks.sh
# WARM: seconds of writes before the measured part 2, the second half with a subscription (a node a few minutes old
# still compiles its write path and its delivery path).
set -euo pipefail
cd "$(dirname "$0")/.."
: "${DB:?DB=<the running server own database>}"
case "$DB" in warden | warden_it | warden_it_wildfly | postgres) echo "refusing to write to the shared database $DB" >&2; exit 2 ;; esac
BASE=${BASE:-http://127.0.0.1:9080}; EMAIL=${EMAIL:-admin@warden.local}; : "${PASSWORD:?PASSWORD=<the admin password>}"
RATE=${RATE:-1000}; DUR=${DUR:-10}; CONC=${CONC:-4}; LDUR=${LDUR:-15}; RUNS=${RUNS:-2}; WRATE=${WRATE:-100}; WARM=${WARM:-120}; NOTE=${NOTE:-}
SINK_PORT=${SINK_PORT:-9479}
PSQL="psql -h 127.0.0.1 -U postgres -qAt -v ON_ERROR_STOP=1 -d $DB"
jar=$(mktemp)
java bench/WebhookSink.java "$SINK_PORT" & sink=$!
trap 'kill $sink 2>/dev/null; rm -f "$jar"' EXIT
for _ in $(seq 1 50); do curl -fsS "http://127.0.0.1:$SINK_PORT/stats" >/dev/null 2>&1 && break; sleep 0.2; done
curl -fsS -c "$jar" -H 'Content-Type: application/json' -H "Origin: $BASE" \
    -d "{\"email\": \"$EMAIL\", \"password\": \"$PASSWORD\"}" "$BASE/admin-api/auth/login" >/dev/null
cookie=$(awk '$6 == "warden_session" {print $7}' "$jar")
[ -n "$cookie" ] || { echo "no session cookie for $EMAIL" >&2; exit 1; }
api() { curl -fsS -H "Cookie: warden_session=$cookie" -H "Origin: $BASE" -H 'Content-Type: application/json' "$@"; }
subscribe() { api -d "{\"url\": \"http://127.0.0.1:$SINK_PORT/$1\", \"events\": [\"$2\"]}" "$BASE/admin-api/_webhooks" | sed -n 's/.*"id":"\([0-9]*\)".*/\1/p'; }
unsubscribe() { api -X DELETE "$BASE/admin-api/_webhooks/$1" >/dev/null; }
load_avg() { cut -d' ' -f1-3 /proc/loadavg; }

# --- 1. the outbox at RATE events a second
hook=$(subscribe outbox bench.nothing)
curl -fsS "http://127.0.0.1:$SINK_PORT/reset" >/dev/null
load1=$(load_avg)
started=$(date +%s.%N)
for s in $(seq 1 "$DUR"); do
    t0=$(date +%s.%N)
    $PSQL -c "WITH e AS (INSERT INTO warden_webhook_events (msg_id, type, body)
                SELECT 'msg_bench' || md5(random()::text || g), 'bench.event',
                       json_build_object('type', 'bench.event',
                                         'timestamp', to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.MS\"Z\"'),
                                         'data', json_build_object('n', g))::text
                FROM generate_series(1, $RATE) g RETURNING id)
              INSERT INTO warden_webhook_deliveries (webhook_id, event_id) SELECT $hook, id FROM e" >/dev/null
    rest=$(echo "1 - ($(date +%s.%N) - $t0)" | bc -l)
    if [ "$(echo "$rest > 0" | bc -l)" = 1 ]; then sleep "$rest"; fi
done
inserted=$(date +%s.%N)
total=$((RATE * DUR))
while [ "$($PSQL -c "SELECT count(*) FROM warden_webhook_deliveries WHERE webhook_id = $hook AND status = 'pending'")" != 0 ]; do sleep 0.2; done
drained=$(date +%s.%N)
stats=$(curl -fsS "http://127.0.0.1:$SINK_PORT/stats")
unsubscribe "$hook"
insert_s=$(echo "$inserted - $started" | bc -l); drain_s=$(echo "$drained - $started" | bc -l)

# --- 2. panel write latency without and with a subscription
user=$($PSQL -c "SELECT id FROM warden_users ORDER BY id LIMIT 1")
body="{\"user_id\": $user, \"body\": \"a note written by the webhook benchmark\"}"
spec="POST $BASE/admin-api/userNotes|Content-Type: application/json|Origin: $BASE|Cookie: warden_session=$cookie|body=$body"
load() { java bench/HttpLoad.java "$CONC" "$LDUR" "$spec"; }
paced() { java bench/HttpLoad.java 8 "$LDUR@$WRATE" "$spec"; }
curl -fsS "http://127.0.0.1:$SINK_PORT/reset" >/dev/null # phase 2 counts the writes' events only
p() { sed -n "s/.*$1=\([0-9.]*\).*/\1/p"; }
off=(); on=(); poff=(); pon=()
case_off() { off+=("$(load)"); }
case_on() { local h; h=$(subscribe writes 'userNotes.*'); on+=("$(load)"); unsubscribe "$h"; }
pcase_off() { poff+=("$(paced)"); }
pcase_on() { local h; h=$(subscribe writes 'userNotes.*'); pon+=("$(paced)"); unsubscribe "$h"; }
# warm-up: the JIT compiles the write path first, half of the time with a subscription (the outbox write, the wake,
# the delivery loop, the signing and the sender compiled too: else the first case with one pays for their compilation)
java bench/HttpLoad.java "$CONC" "$((WARM / 2))" "$spec" >/dev/null
warm_hook=$(subscribe writes 'userNotes.*')
java bench/HttpLoad.java "$CONC" "$((WARM - WARM / 2))" "$spec" >/dev/null
unsubscribe "$warm_hook"
sleep 5 # the warm-up's last deliveries leave before the first case
curl -fsS "http://127.0.0.1:$SINK_PORT/reset" >/dev/null
load2=$(load_avg)
for r in $(seq 1 "$RUNS"); do
    if [ $((r % 2)) = 1 ]; then case_off; case_on; else case_on; case_off; fi
done
if [ "$WRATE" != 0 ]; then
    for r in $(seq 1 "$RUNS"); do
        if [ $((r % 2)) = 1 ]; then pcase_off; pcase_on; else pcase_on; pcase_off; fi
    done
fi
wstats=$(curl -fsS "http://127.0.0.1:$SINK_PORT/stats")

{
    echo
    echo "### Webhooks ($(date -u +%Y-%m-%d), $(nproc) cores, load average $load1 / $load2) ${NOTE}"
    echo
    echo "bench/webhooks.sh: outbox $RATE events/s for $DUR s (one delivery each, receiver on 127.0.0.1); panel writes"
    echo "POST /admin-api/userNotes from $CONC clients, $LDUR s per case, $RUNS ABBA runs; then at $WRATE writes/s (open loop, latency from each write's due time)."
    echo
    echo "| measure | value |"
    echo "| --- | --- |"
    echo "| events inserted | $total in $(printf %.1f "$insert_s") s |"
    echo "| all delivered after | $(printf %.1f "$drain_s") s ($(echo "$total / $drain_s" | bc) deliveries/s) |"
    echo "| event-to-delivery (sink) | $stats |"
    for i in "${!off[@]}"; do
        echo "| writes without webhooks, run $((i + 1)) | ${off[$i]} |"
        echo "| writes with a subscription, run $((i + 1)) | ${on[$i]} |"
    done
    for i in "${!poff[@]}"; do
        echo "| $WRATE writes/s without webhooks, run $((i + 1)) | ${poff[$i]} |"
        echo "| $WRATE writes/s with a subscription, run $((i + 1)) | ${pon[$i]} |"
    done
    echo "| event-to-delivery of the writes' events (sink) | $wstats |"
} | tee -a bench/RESULTS.md
