#!/usr/bin/env bash
# Measures start-up to "ready": from `server start` until the EAR answers on both APIs
# (GET /admin-api/auth/me gives 401 and GET /api/v1/applications gives 401). Uses the run server that
# ./run.sh (or `mvn -pl ear liberty:create liberty:deploy`) created. Runs N times (default 3), prints each.
# Usage: bench/startup.sh [runs]   (stop ./run.sh first: the server must be stopped)
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-3}
wlp=ear/target/liberty/wlp
port=${WARDEN_HTTP_PORT:-9080}
[ -x "$wlp/bin/server" ] || { echo "no Liberty runtime: run 'mvn -B install -DskipTests && mvn -pl ear liberty:create liberty:deploy' first"; exit 1; }
"$wlp/bin/server" stop warden >/dev/null 2>&1 || true
for i in $(seq 1 "$runs"); do
    start=$(date +%s%N)
    "$wlp/bin/server" start warden >/dev/null
    until [ "$(curl -s -o /dev/null -w '%{http_code}' "http://localhost:$port/admin-api/auth/me")" = 401 ] \
       && [ "$(curl -s -o /dev/null -w '%{http_code}' "http://localhost:$port/api/v1/applications")" = 401 ]; do
        sleep 0.1
        if [ $(( ($(date +%s%N) - start) / 1000000000 )) -gt 120 ]; then echo "not ready after 120 s"; exit 1; fi
    done
    ms=$(( ($(date +%s%N) - start) / 1000000 ))
    echo "run $i: ready in $ms ms"
    "$wlp/bin/server" stop warden >/dev/null
done
