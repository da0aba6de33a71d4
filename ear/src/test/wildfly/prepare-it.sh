#!/usr/bin/env bash
# The WildFly integration-test server's configuration (module it/wildfly, pre-integration-test):
#   prepare-it.sh WILDFLY_HOME SIMULATOR_WAR [FAILSAFE_SUMMARY]
# copies standalone-warden.xml (configure.sh's) to standalone-warden-it.xml, deploys the simulator into it and
# removes the deployment scanner, so the test server runs what Arquillian deploys plus the simulator, never
# what standalone/deployments holds for the run server. Ports, database and MicroProfile Config values come
# as system properties (wildfly-it.properties, arquillian.xml).
set -euo pipefail
home="$1"; simulator="$2"; summary="${3:-}"
# failsafe merges into an existing summary file: an earlier run's failures would fail this run's verify
if [ -n "$summary" ]; then rm -f "$summary"; fi
config="$home/standalone/configuration"
cp "$config/standalone-warden.xml" "$config/standalone-warden-it.xml"
cli="$(mktemp)"
trap 'rm -f "$cli"' EXIT
cat > "$cli" <<CLI
embed-server --server-config=standalone-warden-it.xml --std-out=discard
/subsystem=deployment-scanner/scanner=default:remove
deploy $simulator --name=warden-simulator.war
stop-embedded-server
CLI
JBOSS_HOME="$home" bash "$home/bin/jboss-cli.sh" --file="$cli"
