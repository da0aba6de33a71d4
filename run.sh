#!/usr/bin/env bash
# Builds Warden and starts it on Open Liberty with demo data: admin UI and admin API, hosting API and the
# simulator, at http://localhost:9080 (WARDEN_HTTP_PORT). Stop with Ctrl+C.
# The first start prints the demo admin's password, an API token and ready-to-paste curl lines.
set -euo pipefail
cd "$(dirname "$0")"
export WARDEN_DEMO="${WARDEN_DEMO:-true}"
export WARDEN_PUBLIC_URL="${WARDEN_PUBLIC_URL:-http://localhost:${WARDEN_HTTP_PORT:-9080}}"
# the simulator (deployed beside the EAR) plays the upstream providers: docs/simulator.md
export WARDEN_BILLING_MP_REST_URL="${WARDEN_BILLING_MP_REST_URL:-$WARDEN_PUBLIC_URL/warden-simulator/billing}"
export WARDEN_INFRASTRUCTURE_MP_REST_URL="${WARDEN_INFRASTRUCTURE_MP_REST_URL:-$WARDEN_PUBLIC_URL/warden-simulator/infrastructure}"
export WARDEN_EGRESS_COPY_AT_STARTUP="${WARDEN_EGRESS_COPY_AT_STARTUP:-true}"
echo "[warden] building (tests skipped; run ./test.sh for them)..."
mvn -B -q install -DskipTests -DskipITs
echo "[warden] starting Open Liberty; ready when you see 'The warden server is ready'"
exec mvn -B -pl ear liberty:run -DskipITs
