#!/usr/bin/env bash
# Builds Warden and starts it on Open Liberty (WARDEN_SERVER=wildfly: WildFly 39) with demo data: admin UI and admin API, hosting API and the
# simulator, at http://localhost:9080 (WARDEN_HTTP_PORT). Stop with Ctrl+C. Exits 1 when Warden does not start.
# The first start prints the demo admin's password, an API token and ready-to-paste curl lines.
# WARDEN_SSO_DEMO=true also starts a demo OpenID Connect provider for "Sign in with Demo SSO" (docs/sso.md, Demo).
# Works on a fresh clone and after ./test.sh; installs nothing into ~/.m2 but the downloaded dependencies.
set -euo pipefail
cd "$(dirname "$0")"
. scripts/setup.sh

# the demo's own database, created when missing (scripts/setup.sh)
export WARDEN_DB_URL="${WARDEN_DB_URL:-jdbc:postgresql://127.0.0.1:5432/warden}"
export WARDEN_DEMO="${WARDEN_DEMO:-true}"
export WARDEN_PUBLIC_URL="${WARDEN_PUBLIC_URL:-http://localhost:${WARDEN_HTTP_PORT:-9080}}"
# the simulator (deployed beside the EAR) plays the upstream providers: docs/simulator.md
export WARDEN_BILLING_MP_REST_URL="${WARDEN_BILLING_MP_REST_URL:-$WARDEN_PUBLIC_URL/warden-simulator/billing}"
export WARDEN_INFRASTRUCTURE_MP_REST_URL="${WARDEN_INFRASTRUCTURE_MP_REST_URL:-$WARDEN_PUBLIC_URL/warden-simulator/infrastructure}"
# the simulator's control API (failure modes, docs/simulator.md) is for the demo and tests only: on with the demo
if [ "$WARDEN_DEMO" = "true" ]; then export SIMULATOR_CONTROL_ENABLED="${SIMULATOR_CONTROL_ENABLED:-true}"; fi
# ... and needs a bearer token (a new one each run unless set), printed in the banner below
export SIMULATOR_CONTROL_TOKEN="${SIMULATOR_CONTROL_TOKEN:-$(od -An -N24 -tx1 /dev/urandom | tr -d ' \n')}"
# the demo's live rooms: the simulator's bots (3 lobby rooms of 4 players over real WebSockets; docs/simulator.md)
if [ "$WARDEN_DEMO" = "true" ]; then export SIMULATOR_ROOM_BOTS_ROOMS="${SIMULATOR_ROOM_BOTS_ROOMS:-3}"; fi
export WARDEN_EGRESS_COPY_AT_STARTUP="${WARDEN_EGRESS_COPY_AT_STARTUP:-true}"
# warm the request paths before reporting ready (docs/configuration.md, warden.warm-up.seconds)
export WARDEN_WARM_UP_SECONDS="${WARDEN_WARM_UP_SECONDS:-20}"

warden_setup_node
warden_db_target
warden_setup_postgres "$WARDEN_PG_DB"
# the server connects as roles that are not superusers, made here (docs/operations.md, "Database roles"), unless
# WARDEN_DB_USER names the user to connect as
warden_setup_db_roles "$WARDEN_PG_DB" "${WARDEN_SERVER:-liberty}"

# WARDEN_SSO_DEMO=true: a demo OpenID Connect provider on loopback and Warden signed in through it too (docs/sso.md)
if [ "${WARDEN_SSO_DEMO:-false}" = "true" ]; then . scripts/sso-demo.sh && warden_sso_demo_start; fi

# the run banner's simulator lines: the control API's token and a ready-to-paste call (docs/simulator.md)
simulator_banner() {
    [ "${SIMULATOR_CONTROL_ENABLED:-false}" = "true" ] || return 0
    echo "=============================================================================="
    echo "  Simulator control API (failure modes; docs/simulator.md), token: $SIMULATOR_CONTROL_TOKEN"
    echo "    curl -H 'Authorization: Bearer $SIMULATOR_CONTROL_TOKEN' $WARDEN_PUBLIC_URL/warden-simulator/control"
    echo "=============================================================================="
}

# WARDEN_SERVER=wildfly: the same EAR on WildFly 39 (docs/wildfly.md)
if [ "${WARDEN_SERVER:-liberty}" = wildfly ]; then simulator_banner; exec scripts/run-wildfly.sh "$@"; fi

# A second run reuses the first one's admin UI build (npm ci + Vite take a while) unless a UI source changed.
mvn_args=()
if warden_ui_built; then
    echo "[warden] the admin UI is up to date (web-module/target/ui): not rebuilding it"
    mvn_args+=(-Dwarden.ui.skip=true)
fi

echo "[warden] building (tests skipped; run ./test.sh for them); the first build downloads dependencies and takes minutes"
# one reactor build, nothing installed; the run-server profile creates the server "warden" and deploys the EAR
# (-Dwarden.ts.skip: the TypeScript client is for the tests only, not compiled here)
mvn -B -pl ear -am package -DskipTests -DskipITs -Dwarden.ts.skip=true -Prun-server "${mvn_args[@]}"

echo "[warden] starting Open Liberty on $WARDEN_PUBLIC_URL; ready at 'CWWKZ0001I: Application warden started' ($WARDEN_PUBLIC_URL/health/ready answers 200)"
simulator_banner
# the server in the foreground of this script, watched: when Warden does not start, one line says why, the server
# stops and this script exits 1 (docs/operations.md, "Start-up failures")
. scripts/watch-start.sh
warden_run_watched "http://localhost:${WARDEN_HTTP_PORT:-9080}" ear/target/liberty/wlp/usr/servers/warden/logs/messages.log "" \
    ear/target/liberty/wlp/bin/server run warden
