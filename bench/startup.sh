#!/usr/bin/env bash
# Measures start-up to "ready": from starting the server until the EAR answers on both APIs
# (GET /admin-api/auth/me gives 401 and GET /api/v1/applications gives 401), with the EAR and the simulator WAR
# deployed. Runs N times (default 3) per server, alternating the servers in each round so that they share the
# machine's load; prints each run.
#   bench/startup.sh [runs] [liberty|wildfly ...]      (default: liberty)
# Liberty: the run server "warden" that ./run.sh (or `mvn -pl ear liberty:create liberty:deploy`) created.
# WildFly: ear/target/wildfly, which `mvn package -Dwarden.server=wildfly` (WARDEN_SERVER=wildfly ./run.sh) built;
# its management port is WARDEN_MANAGEMENT_PORT (9990). Stop ./run.sh first: the servers must be stopped.
# Both use WARDEN_HTTP_PORT (9080) and the WARDEN_DB_* variables.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-3}
shift || true
servers=("${@:-liberty}")
[ ${#servers[@]} -gt 0 ] || servers=(liberty)
wlp=ear/target/liberty/wlp
wildfly=ear/target/wildfly
port=${WARDEN_HTTP_PORT:-9080}
mgmt=${WARDEN_MANAGEMENT_PORT:-9990}
wildfly_pid=

start() {
    case "$1" in
        liberty) "$wlp/bin/server" start warden >/dev/null ;;
        wildfly) "$wildfly/bin/standalone.sh" -c standalone-warden.xml -Djboss.management.http.port="$mgmt" \
                     >/dev/null 2>&1 &
                 wildfly_pid=$! ;;
    esac
}

stop() {
    case "$1" in
        liberty) "$wlp/bin/server" stop warden >/dev/null 2>&1 || true ;;
        wildfly) JBOSS_HOME="$wildfly" "$wildfly/bin/jboss-cli.sh" --controller="127.0.0.1:$mgmt" -c --command=:shutdown \
                     >/dev/null 2>&1 || true
                 [ -z "$wildfly_pid" ] || wait "$wildfly_pid" 2>/dev/null || true
                 wildfly_pid= ;;
    esac
}

for s in "${servers[@]}"; do
    case "$s" in
        liberty) [ -x "$wlp/bin/server" ] || { echo "no Liberty run server: run './run.sh' (or 'mvn -pl ear liberty:create liberty:deploy') first"; exit 1; } ;;
        wildfly) [ -x "$wildfly/bin/standalone.sh" ] || { echo "no WildFly: run 'mvn -B package -DskipTests -Dwarden.server=wildfly' first"; exit 1; } ;;
        *) echo "unknown server $s (liberty or wildfly)"; exit 1 ;;
    esac
    stop "$s"
done
trap 'for s in "${servers[@]}"; do stop "$s"; done' EXIT

for i in $(seq 1 "$runs"); do
    for s in "${servers[@]}"; do
        begin=$(date +%s%N)
        start "$s"
        until [ "$(curl -s -o /dev/null -w '%{http_code}' "http://localhost:$port/admin-api/auth/me")" = 401 ] \
           && [ "$(curl -s -o /dev/null -w '%{http_code}' "http://localhost:$port/api/v1/applications")" = 401 ]; do
            sleep 0.1
            if [ $(( ($(date +%s%N) - begin) / 1000000000 )) -gt 300 ]; then echo "$s: not ready after 300 s"; exit 1; fi
        done
        ms=$(( ($(date +%s%N) - begin) / 1000000 ))
        echo "run $i $s: ready in $ms ms"
        stop "$s"
    done
done
