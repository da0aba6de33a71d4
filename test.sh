#!/usr/bin/env bash
# Runs every test: unit tests of each module, then the Arquillian integration tests, which start their own
# Open Liberty server (module it/liberty: port 9181) against a fresh PostgreSQL database "warden_it" on
# 127.0.0.1:5432 and, at the same time, the same tests on WildFly 39 (module it/wildfly: port 9182, database
# "warden_it_wildfly"; docs/wildfly.md, "Integration tests"): Maven builds with two threads (-T 2), and the two
# modules depend on the ear module, not on each other.
# WARDEN_IT_WILDFLY=false ./test.sh leaves WildFly out (Liberty only, as plain `mvn verify`).
# Sets the machine up first (scripts/setup.sh): PostgreSQL, node/npm, and Chromium for the browser test.
# Maven arguments pass through, e.g. ./test.sh -Dit.test=HealthIT -Dtest=NONE -Dsurefire.failIfNoSpecifiedTests=false
set -euo pipefail
cd "$(dirname "$0")"
. scripts/setup.sh

# The ITs reach PostgreSQL through -Dwarden.it.db.admin-url / .user / .password (defaults: 127.0.0.1:5432, postgres).
it_url=jdbc:postgresql://127.0.0.1:5432/postgres it_user=postgres it_password="" chromium=/usr/bin/chromium
for arg in "$@"; do
    case "$arg" in
        -Dwarden.it.db.admin-url=*) it_url="${arg#*=}" ;;
        -Dwarden.it.db.user=*) it_user="${arg#*=}" ;;
        -Dwarden.it.db.password=*) it_password="${arg#*=}" ;;
        -Dwarden.it.chromium=*) chromium="${arg#*=}" ;;
    esac
done
WARDEN_DB_URL="$it_url" WARDEN_DB_USER="$it_user" WARDEN_DB_PASSWORD="$it_password" warden_setup_postgres
warden_setup_node
if [ "$chromium" = /usr/bin/chromium ]; then
    warden_setup_chromium
elif [ ! -x "$chromium" ]; then
    warden_log "no browser at $chromium (-Dwarden.it.chromium)"
    exit 1
fi

# both servers unless WARDEN_IT_WILDFLY=false (the property switches on the profiles wildfly-it of ear and it/wildfly)
wildfly=(-Dwarden.it.wildfly)
if [ "${WARDEN_IT_WILDFLY:-true}" = false ]; then wildfly=(); fi
# reuses an admin UI build that is up to date (e.g. ./run.sh's, as in CI) unless -Dwarden.ui.skip says otherwise
ui=()
case " $* " in *" -Dwarden.ui.skip="*) ;; *) if warden_ui_built; then
    warden_log "the admin UI is up to date (web-module/target/ui): not rebuilding it"
    ui=(-Dwarden.ui.skip=true)
fi ;; esac
exec mvn -B -T 2 verify "${wildfly[@]}" "${ui[@]}" "$@"
