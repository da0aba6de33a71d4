#!/usr/bin/env bash
# Audit chain cost (issue 17, point 3; target: the chain costs at most 20% of audited writes per second).
# Builds two scratch databases from the committed migrations: "before" has the audit table as of V1 + V5 + V9_2
# (append-only and delete-guard triggers, no chain), "after" adds V12 (the BEFORE INSERT trigger that locks the
# chain head and hashes each row). Then pgbench writes audit rows exactly as AuditLog.record does, CONC clients
# for DUR seconds, RUNS times alternating the cases, and reports the median writes per second of each:
#   before       the old AuditLog.record: one INSERT of a ~300-byte jsonb payload per transaction, on "before";
#   after, sync  the same INSERT on "after" (the chain trigger, synchronous commit: the head lock is held
#                across the WAL flush, so concurrent writers serialise on the disk);
#   after        AuditLog.record now: SET LOCAL synchronous_commit = off, then the INSERT, on "after";
#   before, async the same asynchronous transaction on "before" (the chain's own cost at equal commit mode). Finally it verifies the "after"
# chain in SQL (every row links to the one before). Prints a Markdown table and appends it to bench/RESULTS.md.
#
# The panel's audited write is an HTTP request + the row write + this INSERT in its own transaction; the ratio
# here is the chain's cost on the audit INSERT alone, the worst case for the target.
#
# Usage: CONC=4 DUR=15 RUNS=3 NOTE="quiet machine" bench/audit-chain.sh
set -euo pipefail
cd "$(dirname "$0")/.."
CONC=${CONC:-4}; DUR=${DUR:-15}; RUNS=${RUNS:-3}; NOTE=${NOTE:-}
M=persistence-module/src/main/resources/db/migration
PG="-h 127.0.0.1 -U postgres"
schema() { # $1 database, $2 with the chain (1) or not (0)
    psql $PG -qAt -d postgres -c "DROP DATABASE IF EXISTS $1" -c "CREATE DATABASE $1" >/dev/null
    {
        sed -n '/^CREATE TABLE warden_admin_audit (/,/FOR EACH ROW EXECUTE FUNCTION warden_admin_audit_no_update();/p' \
            $M/V1__core_tables.sql
        cat $M/V5__audit_delete_guard.sql
        sed -n '1,/^ALTER FUNCTION warden_admin_audit_prune/p' $M/V9_2__app_role_functions.sql
    } | psql $PG -q -v ON_ERROR_STOP=1 -d "$1" >/dev/null
    if [ "$2" = 1 ]; then
        psql $PG -q -v ON_ERROR_STOP=1 -1 -d "$1" -f $M/V12__audit_hash_chain.sql >/dev/null
    fi
}
SCRIPT=$(mktemp --suffix=.sql); ASYNC=$(mktemp --suffix=.sql)
trap 'rm -f "$SCRIPT" "$ASYNC"; psql $PG -qAt -d postgres -c "DROP DATABASE IF EXISTS warden_bench_audit_before" -c "DROP DATABASE IF EXISTS warden_bench_audit_after" >/dev/null' EXIT
cat > "$SCRIPT" <<'SQL'
\set op random(1, 50)
\set target random(1, 1000000)
INSERT INTO warden_admin_audit (operator_id, action, resource, target_id, payload) VALUES (:op, 'update', 'configs', :target, CAST('{"changes": {"value": {"before": {"a": [1, 2], "b": "some text here"}, "after": {"a": [1, 2, 3], "b": "some other text here"}}, "description": {"before": "the description as it was before the edit", "after": "the description as it is after the edit"}}}' AS jsonb)) RETURNING id;
SQL
{ grep '^.set' "$SCRIPT"; echo 'BEGIN;'; echo 'SET LOCAL synchronous_commit = off;'; grep '^INSERT' "$SCRIPT"; echo 'COMMIT;'; } > "$ASYNC"
schema warden_bench_audit_before 0
schema warden_bench_audit_after 1
tps() { # $1 database, $2 script
    pgbench $PG -n -M prepared -c "$CONC" -j "$CONC" -T "$DUR" -f "$2" "$1" 2>/dev/null \
        | sed -n 's/^tps = \([0-9.]*\) .*/\1/p'
}
before=(); sync=(); after=(); basync=()
for r in $(seq 1 "$RUNS"); do
    before+=("$(tps warden_bench_audit_before "$SCRIPT")")
    sync+=("$(tps warden_bench_audit_after "$SCRIPT")")
    after+=("$(tps warden_bench_audit_after "$ASYNC")")
    basync+=("$(tps warden_bench_audit_before "$ASYNC")")
    echo "run $r: before ${before[-1]} /s, after (sync) ${sync[-1]} /s, after ${after[-1]} /s, before (async) ${basync[-1]} /s"
done
median() { printf '%s\n' "$@" | sort -n | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }
B=$(median "${before[@]}"); S=$(median "${sync[@]}"); A=$(median "${after[@]}"); BA=$(median "${basync[@]}")
ROWS=$(psql $PG -qAt -d warden_bench_audit_after -c "SELECT count(*) FROM warden_admin_audit")
BROKEN=$(psql $PG -qAt -d warden_bench_audit_after -c "SELECT count(*) FROM warden_admin_audit a JOIN warden_admin_audit b ON b.chain_seq = a.chain_seq + 1 WHERE b.prev_hash <> a.hash OR b.hash <> warden_admin_audit_hash(b.prev_hash, warden_admin_audit_canonical(b.id, b.chain_seq, b.created_at, b.operator_id, b.action, b.resource, b.target_id, b.payload))")
COST=$(awk -v b="$B" -v a="$A" 'BEGIN {printf "%.1f", (1 - a / b) * 100}')
SCOST=$(awk -v b="$B" -v a="$S" 'BEGIN {printf "%.1f", (1 - a / b) * 100}')
ACOST=$(awk -v b="$BA" -v a="$A" 'BEGIN {printf "%.1f", (1 - a / b) * 100}')
TABLE=$(cat <<MD

## audit chain, $(date -u +%F) — audited writes per second, $CONC clients, ${DUR}s x $RUNS runs

${NOTE:+$NOTE

}Machine: $(nproc) cores, $(free -g | awk '/^Mem:/ {print $2}') GiB; PostgreSQL $(psql $PG -qAt -d postgres -c "SHOW server_version"); pgbench, one audit write per transaction as AuditLog.record.

| case | writes/s (median) | runs |
| --- | --- | --- |
| before: V1 + V5 + V9_2 (append-only triggers, no chain), one INSERT | $B | ${before[*]} |
| after, synchronous commit: + V12 (chain-head lock + SHA-256 per row), one INSERT | $S | ${sync[*]} |
| after, as AuditLog.record now: + V12, SET LOCAL synchronous_commit = off, INSERT | $A | ${after[*]} |
| before, asynchronous commit (reference: the chain's own cost) | $BA | ${basync[*]} |

Chain cost, old AuditLog.record vs new: **$COST%** of audited writes per second (target at most 20%; negative is
faster). The chain alone at equal commit mode: $ACOST% asynchronous, $SCOST% synchronous (the head lock held
across the WAL flush). The
after database held $ROWS chained rows at the end; rows whose link or hash did not verify: $BROKEN.
MD
)
echo "$TABLE"
echo "$TABLE" >> bench/RESULTS.md
