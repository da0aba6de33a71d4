#!/usr/bin/env bash
# Audit chain cost at API level (target: the chain costs at most 20% of audited writes per second).
# Against a RUNNING Warden (e.g. ./run.sh with its own database) and that server's database, which this script alters:
# never point it at a shared database. A signed-in admin POSTs /admin-api/userNotes (a panel create: the row, then
# its audit row through AuditLog.record) from CONC closed-loop clients (bench/HttpLoad.java) for DUR seconds per case,
# RUNS times, alternating two cases within the run (ABBA order):
#   chain on   the database as migrated (V12: the BEFORE INSERT trigger locks the chain head and hashes each row);
#   chain off  that trigger disabled and chain_seq/prev_hash/hash made nullable, so an audit INSERT is as before V12.
# The chain is switched on again at the end (rows written while off have no hash: the bench database's chain no longer
# verifies). Prints a Markdown table and appends it to bench/RESULTS.md.
#
# Usage: DB=wsso15_demo BASE=http://127.0.0.1:9257 EMAIL=admin@warden.local PASSWORD=... CONC=4 DUR=20 RUNS=3 \
#        NOTE="..." bench/audit-api.sh
set -euo pipefail
cd "$(dirname "$0")/.."
: "${DB:?DB=<the running server own database>}"
case "$DB" in warden | warden_it | warden_it_wildfly | postgres) echo "refusing to alter the shared database $DB" >&2; exit 2 ;; esac
BASE=${BASE:-http://127.0.0.1:9080}; EMAIL=${EMAIL:-admin@warden.local}; : "${PASSWORD:?PASSWORD=<the admin password>}"
CONC=${CONC:-4}; DUR=${DUR:-20}; RUNS=${RUNS:-3}; NOTE=${NOTE:-}
PSQL="psql -h 127.0.0.1 -U postgres -qAt -v ON_ERROR_STOP=1 -d $DB"
jar=$(mktemp)
trap 'rm -f "$jar"; chain on' EXIT
chain() {
    if [ "$1" = off ]; then
        $PSQL -c "ALTER TABLE warden_admin_audit DISABLE TRIGGER warden_admin_audit_link" \
              -c "ALTER TABLE warden_admin_audit DISABLE TRIGGER warden_admin_audit_lock_head" \
              -c "ALTER TABLE warden_admin_audit DISABLE TRIGGER warden_admin_audit_move_head" \
              -c "ALTER TABLE warden_admin_audit ALTER COLUMN chain_seq DROP NOT NULL, ALTER COLUMN prev_hash DROP NOT NULL, ALTER COLUMN hash DROP NOT NULL" >/dev/null
    else
        $PSQL -c "ALTER TABLE warden_admin_audit ENABLE TRIGGER warden_admin_audit_link" \
              -c "ALTER TABLE warden_admin_audit ENABLE TRIGGER warden_admin_audit_lock_head" \
              -c "ALTER TABLE warden_admin_audit ENABLE TRIGGER warden_admin_audit_move_head" >/dev/null
    fi
}
curl -fsS -c "$jar" -H 'Content-Type: application/json' -H "Origin: $BASE" \
    -d "{\"email\": \"$EMAIL\", \"password\": \"$PASSWORD\"}" "$BASE/admin-api/auth/login" >/dev/null
cookie=$(awk '$6 == "warden_session" {print $7}' "$jar")
[ -n "$cookie" ] || { echo "no session cookie for $EMAIL" >&2; exit 1; }
user=$($PSQL -c "SELECT id FROM warden_users ORDER BY id LIMIT 1")
body="{\"user_id\": $user, \"body\": \"a note written by the audit benchmark, about the length of a real one\"}"
spec="POST $BASE/admin-api/userNotes|Content-Type: application/json|Origin: $BASE|Cookie: warden_session=$cookie|body=$body"
load() { java bench/HttpLoad.java "$CONC" "$DUR" "$spec"; }
rps() { sed -n 's/.*rps=\([0-9.]*\) .*/\1/p'; }
on=(); off=(); onlines=(); offlines=()
chain on
load >/dev/null # warm-up (JIT, pools)
for r in $(seq 1 "$RUNS"); do
    # ABBA: odd runs on then off, even runs off then on (a machine whose load drifts favours neither case)
    if [ $((r % 2)) = 1 ]; then
        chain on; l=$(load); on+=("$(echo "$l" | rps)"); onlines+=("$l")
        chain off; l=$(load); off+=("$(echo "$l" | rps)"); offlines+=("$l")
    else
        chain off; l=$(load); off+=("$(echo "$l" | rps)"); offlines+=("$l")
        chain on; l=$(load); on+=("$(echo "$l" | rps)"); onlines+=("$l")
    fi
    echo "run $r: chain on ${on[-1]} /s (${onlines[-1]#*rps=* }); chain off ${off[-1]} /s (${offlines[-1]#*rps=* })"
done
chain on
median() { printf '%s\n' "$@" | sort -n | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }
ON=$(median "${on[@]}"); OFF=$(median "${off[@]}")
COST=$(awk -v b="$OFF" -v a="$ON" 'BEGIN {printf "%.1f", (1 - a / b) * 100}')
GEO=$(for i in "${!on[@]}"; do echo "${on[$i]} ${off[$i]}"; done | awk '{s += log($1 / $2); n++} END {printf "%.1f", (1 - exp(s / n)) * 100}')
RATIOS=$(for i in "${!on[@]}"; do awk -v b="${off[$i]}" -v a="${on[$i]}" 'BEGIN {printf "%.2f ", a / b}'; done)
TABLE=$(cat <<MD

## audit chain at API level (\`audit-api.sh\`), $(date -u +%F) — POST /admin-api/userNotes, $CONC clients, ${DUR}s x $RUNS runs

${NOTE:+$NOTE

}Machine: $(nproc) cores, $(free -g | awk '/^Mem:/ {print $2}') GiB; PostgreSQL $($PSQL -c "SHOW server_version"); one running Warden; a signed-in admin creates user notes (row + audit row per request); the cases alternate within the run (ABBA).

| case | audited writes/s (median) | runs | last run's latency |
| --- | --- | --- | --- |
| chain off (V12 trigger disabled) | $OFF | ${off[*]} | ${offlines[-1]#*rps=* } |
| chain on (as migrated) | $ON | ${on[*]} | ${onlines[-1]#*rps=* } |

Chain cost at API level: **$COST%** of audited writes per second from the medians (target at most 20%); from the
geometric mean of the paired on/off ratios: $GEO%; on/off ratio per run: $RATIOS.
MD
)
echo "$TABLE"
echo "$TABLE" >> bench/RESULTS.md
