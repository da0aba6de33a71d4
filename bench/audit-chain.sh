#!/usr/bin/env bash
# Audit chain cost (target: the chain costs at most 20% of audited writes per second).
# Builds two scratch databases from the committed migrations: "before" has the audit table as of V1 + V5 + V9_2
# (append-only and delete-guard triggers, no chain), "after" adds V12 (the BEFORE INSERT trigger that locks the
# chain head and hashes each row). Then pgbench writes audit rows exactly as AuditLog.record does, CONC clients
# for DUR seconds, RUNS times alternating the cases, and reports the median writes per second of each:
#   before       the old AuditLog.record: one INSERT of a ~300-byte jsonb payload per transaction, on "before";
#   after, sync  the same INSERT on "after" (the chain trigger, synchronous commit: the head lock is held
#                across the WAL flush, so concurrent writers serialise on the disk);
#   after        the reverted AuditLog.record: SET LOCAL synchronous_commit = off, then the INSERT, on "after";
#   before, async the same asynchronous transaction on "before" (the chain's own cost at equal commit mode);
#   barrier      the asynchronous audit transaction on "after", then a synchronous one that takes an xid
#                (SELECT txid_current()): its commit waits for the WAL flush past the audit row, so the row is
#                durable before the caller continues, while the head lock is released before any flush. Finally it verifies the "after"
# chain in SQL (every row links to the one before). Prints a Markdown table and appends it to bench/RESULTS.md.
#
# The panel's audited write is an HTTP request + the row write + this INSERT in its own transaction; the ratio
# here is the chain's cost on the audit INSERT alone, the worst case for the target.
#
# Usage: CONC=4 DUR=15 RUNS=3 NOTE="quiet machine" bench/audit-chain.sh
set -euo pipefail
cd "$(dirname "$0")/.."
CONC=${CONC:-4}; DUR=${DUR:-15}; RUNS=${RUNS:-3}; NOTE=${NOTE:-}; PREFIX=${PREFIX:-warden_bench_audit} # PREFIX: the scratch databases are <PREFIX>_before and <PREFIX>_after
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
SCRIPT=$(mktemp --suffix=.sql); ASYNC=$(mktemp --suffix=.sql); BARRIER=$(mktemp --suffix=.sql)
trap 'rm -f "$SCRIPT" "$ASYNC" "$BARRIER"; psql $PG -qAt -d postgres -c "DROP DATABASE IF EXISTS ${PREFIX}_before" -c "DROP DATABASE IF EXISTS ${PREFIX}_after" >/dev/null' EXIT
cat > "$SCRIPT" <<'SQL'
\set op random(1, 50)
\set target random(1, 1000000)
INSERT INTO warden_admin_audit (operator_id, action, resource, target_id, payload) VALUES (:op, 'update', 'configs', :target, CAST('{"changes": {"value": {"before": {"a": [1, 2], "b": "some text here"}, "after": {"a": [1, 2, 3], "b": "some other text here"}}, "description": {"before": "the description as it was before the edit", "after": "the description as it is after the edit"}}}' AS jsonb)) RETURNING id;
SQL
{ grep '^.set' "$SCRIPT"; echo 'BEGIN;'; echo 'SET LOCAL synchronous_commit = off;'; grep '^INSERT' "$SCRIPT"; echo 'COMMIT;'; } > "$ASYNC"
# the asynchronous audit commit made durable before the caller goes on: a synchronous transaction with an xid
# (txid_current) writes a commit record after it and waits for the WAL flush up to there, which covers the audit row;
# the chain-head lock is no longer held across a flush, and concurrent flushes group
{ cat "$ASYNC"; echo 'BEGIN;'; echo 'SELECT txid_current();'; echo 'COMMIT;'; } > "$BARRIER"
schema ${PREFIX}_before 0
schema ${PREFIX}_after 1
tps() { # $1 database, $2 script
    pgbench $PG -n -M prepared -c "$CONC" -j "$CONC" -T "$DUR" -f "$2" "$1" 2>/dev/null \
        | sed -n 's/^tps = \([0-9.]*\) .*/\1/p'
}
before=(); sync=(); after=(); basync=(); barrier=()
for r in $(seq 1 "$RUNS"); do
    before+=("$(tps ${PREFIX}_before "$SCRIPT")")
    sync+=("$(tps ${PREFIX}_after "$SCRIPT")")
    after+=("$(tps ${PREFIX}_after "$ASYNC")")
    basync+=("$(tps ${PREFIX}_before "$ASYNC")")
    barrier+=("$(tps ${PREFIX}_after "$BARRIER")")
    echo "run $r: before ${before[-1]} /s, after (sync) ${sync[-1]} /s, after ${after[-1]} /s, before (async) ${basync[-1]} /s, after (async + flush barrier) ${barrier[-1]} /s"
done
median() { printf '%s\n' "$@" | sort -n | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }
B=$(median "${before[@]}"); S=$(median "${sync[@]}"); A=$(median "${after[@]}"); BA=$(median "${basync[@]}"); BB=$(median "${barrier[@]}")
ROWS=$(psql $PG -qAt -d ${PREFIX}_after -c "SELECT count(*) FROM warden_admin_audit")
BROKEN=$(psql $PG -qAt -d ${PREFIX}_after -c "SELECT count(*) FROM warden_admin_audit a JOIN warden_admin_audit b ON b.chain_seq = a.chain_seq + 1 WHERE b.prev_hash <> a.hash OR b.hash <> warden_admin_audit_hash(b.prev_hash, warden_admin_audit_canonical(b.id, b.chain_seq, b.created_at, b.operator_id, b.action, b.resource, b.target_id, b.payload))")
COST=$(awk -v b="$B" -v a="$A" 'BEGIN {printf "%.1f", (1 - a / b) * 100}')
SCOST=$(awk -v b="$B" -v a="$S" 'BEGIN {printf "%.1f", (1 - a / b) * 100}')
BCOST=$(awk -v b="$B" -v a="$BB" 'BEGIN {printf "%.1f", (1 - a / b) * 100}')
ACOST=$(awk -v b="$BA" -v a="$A" 'BEGIN {printf "%.1f", (1 - a / b) * 100}')
TABLE=$(cat <<MD

## audit chain, $(date -u +%F) — audited writes per second, $CONC clients, ${DUR}s x $RUNS runs

${NOTE:+$NOTE

}Machine: $(nproc) cores, $(free -g | awk '/^Mem:/ {print $2}') GiB; PostgreSQL $(psql $PG -qAt -d postgres -c "SHOW server_version"); pgbench, one audit write per transaction as AuditLog.record.

| case | writes/s (median) | runs |
| --- | --- | --- |
| before: V1 + V5 + V9_2 (append-only triggers, no chain), one INSERT | $B | ${before[*]} |
| after, synchronous commit: + V12 (chain-head lock + SHA-256 per row), one INSERT | $S | ${sync[*]} |
| after, asynchronous commit (the reverted AuditLog.record): + V12, SET LOCAL synchronous_commit = off, INSERT | $A | ${after[*]} |
| before, asynchronous commit (reference: the chain's own cost) | $BA | ${basync[*]} |
| after, asynchronous audit commit + flush barrier (a synchronous transaction with an xid right after it) | $BB | ${barrier[*]} |

Chain cost, asynchronous chained audit commit vs the old synchronous one: **$COST%** of audited writes per second (target at most 20%; negative is
faster). The chain alone at equal commit mode: $ACOST% asynchronous, $SCOST% synchronous (the head lock held
across the WAL flush). Durable candidate, asynchronous audit commit followed by a flush barrier, vs before: **$BCOST%**. The
after database held $ROWS chained rows at the end; rows whose link or hash did not verify: $BROKEN.
MD
)
echo "$TABLE"
echo "$TABLE" >> bench/RESULTS.md
