#!/usr/bin/env bash
# Builds Warden and starts the same warden.ear on WildFly 39 with demo data (docs/wildfly.md): run.sh calls it
# for WARDEN_SERVER=wildfly, after the shared setup (scripts/setup.sh: PostgreSQL, the database, node) and the
# environment both servers share (WARDEN_DEMO, WARDEN_DB_URL,
# WARDEN_PUBLIC_URL, the simulator's URLs). Same URLs as on Liberty: http://localhost:9080 (WARDEN_HTTP_PORT);
# WildFly's management interface on 127.0.0.1:9990 (WARDEN_MANAGEMENT_PORT). Stop with Ctrl+C. Exits 1 when Warden
# does not start.
set -euo pipefail
cd "$(dirname "$0")/.."
home=ear/target/wildfly
echo "[warden] building for WildFly (tests skipped; run ./test.sh for them)..."
# -Dwarden.server=wildfly: unpacks wildfly-dist into ear/target/wildfly, configures it (server-config/src/main/wildfly)
# and puts warden.ear and the simulator into its deployments folder
mvn -B -q -pl ear -am package -DskipTests -DskipITs -Dwarden.server=wildfly
echo "[warden] starting WildFly; ready when you see 'WFLYSRV0025' (the demo banner comes just before) and http://127.0.0.1:${WARDEN_MANAGEMENT_PORT:-9990}/health/ready answers 200"
# watched as on Liberty (scripts/watch-start.sh): a start that fails stops the server and exits 1
. scripts/watch-start.sh
warden_run_watched "http://127.0.0.1:${WARDEN_MANAGEMENT_PORT:-9990}" "$home/standalone/log/server.log" \
    "$home/standalone/deployments/warden.ear.failed" \
    env LAUNCH_JBOSS_IN_BACKGROUND=1 "$home/bin/standalone.sh" -c standalone-warden.xml \
    -Djboss.management.http.port="${WARDEN_MANAGEMENT_PORT:-9990}" \
    -Djboss.bind.address.management=127.0.0.1
