#!/usr/bin/env bash
# Sets a new password on a panel account from the command line (docs/configuration.md, "Resetting the demo admin's
# password"), straight in PostgreSQL, hashed by the server's own code (dev.warden.auth.ResetPasswordCommand):
#   scripts/reset-admin.sh admin@warden.local                     # prints a generated password once
#   WARDEN_NEW_PASSWORD='a new password' scripts/reset-admin.sh admin@warden.local
# The database is WARDEN_DB_URL / WARDEN_DB_USER / WARDEN_DB_PASSWORD (default: the demo's, warden on 127.0.0.1 as
# postgres). The account's sessions end; the audit log records auth.password_set_by_command. Warden may be running.
set -euo pipefail
cd "$(dirname "$0")/.."
classes=ejb-module/target/classes
if [ ! -f "$classes/dev/warden/auth/ResetPasswordCommand.class" ]; then
    echo "[reset-admin] compiling the EJB module once (mvn -pl ejb-module -am compile)" >&2
    mvn -B -q -pl ejb-module -am compile -Dwarden.ui.skip=true >&2
fi
version="$(sed -n 's|.*<postgresql.version>\(.*\)</postgresql.version>.*|\1|p' pom.xml | head -n 1)"
driver="${HOME}/.m2/repository/org/postgresql/postgresql/$version/postgresql-$version.jar"
if [ ! -f "$driver" ]; then
    mvn -B -q dependency:get -Dartifact="org.postgresql:postgresql:$version" >&2
fi
export WARDEN_DB_URL="${WARDEN_DB_URL:-jdbc:postgresql://127.0.0.1:5432/warden}"
exec java -cp "$classes:$driver" dev.warden.auth.ResetPasswordCommand "$@"
