# Warden's machine set-up, shared by ./run.sh, ./test.sh and .ci/run (sourced, never run on its own).
#
#   warden_setup_postgres [database]  PostgreSQL answers at WARDEN_DB_URL / WARDEN_DB_USER / WARDEN_DB_PASSWORD
#                                     (default jdbc:postgresql://127.0.0.1:5432/postgres as postgres, no password);
#                                     when it does not and it is this machine, as root on Debian the `postgresql`
#                                     package is installed (apt-get) and the cluster started, with trust auth for
#                                     127.0.0.1; otherwise one line says what to install. With a database name,
#                                     that database is created when missing (needs psql).
#   warden_setup_db_roles db [server] the run's database roles that are not superusers (docs/operations.md,
#                                     "Database roles"): <db>_owner (owns the database and the schema, runs the
#                                     migrations) and <db>_app (rows only; docs/db-roles.sql), new random passwords,
#                                     exported as WARDEN_DB_MIGRATION_USER/_PASSWORD and WARDEN_DB_USER/_PASSWORD.
#                                     Only while WARDEN_DB_USER is unset and the default user is a superuser.
#   warden_setup_node                 node 20.19+ and npm (the admin UI's build): Debian's nodejs/npm as root.
#   warden_setup_chromium             /usr/bin/chromium for the browser test (Debian's chromium as root).
#   warden_ui_built                   true when web-module/target/ui holds a build of the admin UI that no file of
#                                     its sources (node_modules aside) is newer than, and node_modules is there:
#                                     ./run.sh and ./test.sh then pass -Dwarden.ui.skip=true (npm ci + Vite take a while).
#
# Each function returns non-zero, after one line on stderr saying what to do, when it cannot set things up.
# Nothing here downloads a runtime or browser from outside Debian's apt.

warden_log() { echo "[setup] $*" >&2; }

# apt-get install, only as root on a machine that has apt-get; 1 otherwise.
warden_apt_install() {
    [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1 || return 1
    warden_log "installing Debian packages: $*"
    export DEBIAN_FRONTEND=noninteractive
    if [ -z "${WARDEN_APT_UPDATED:-}" ]; then
        apt-get update -q >/dev/null || return 1
        WARDEN_APT_UPDATED=1
    fi
    apt-get install -y -q "$@" >/dev/null
}

# Splits WARDEN_DB_URL (jdbc:postgresql://host[:port]/database[?params]) into WARDEN_PG_HOST, _PORT, _DB.
warden_db_target() {
    local url="${WARDEN_DB_URL:-jdbc:postgresql://127.0.0.1:5432/postgres}" rest hostport
    rest="${url#jdbc:postgresql://}"
    if [ "$rest" = "$url" ]; then
        warden_log "WARDEN_DB_URL must look like jdbc:postgresql://host:5432/database (got $url)"
        return 1
    fi
    rest="${rest%%\?*}"
    hostport="${rest%%/*}"
    WARDEN_PG_DB="${rest#*/}"
    [ "$WARDEN_PG_DB" = "$rest" ] && WARDEN_PG_DB=postgres
    WARDEN_PG_HOST="${hostport%%:*}"
    WARDEN_PG_PORT=5432
    [ "$hostport" != "$WARDEN_PG_HOST" ] && WARDEN_PG_PORT="${hostport##*:}"
    WARDEN_PG_USER="${WARDEN_DB_USER:-postgres}"
    return 0
}

# psql against the target with the given database; PGPASSWORD from WARDEN_DB_PASSWORD.
warden_psql() {
    local db="$1"; shift
    PGPASSWORD="${WARDEN_DB_PASSWORD:-}" PGCONNECT_TIMEOUT=5 PGOPTIONS="-c client_min_messages=warning" psql -X -q -w -h "$WARDEN_PG_HOST" -p "$WARDEN_PG_PORT" \
        -U "$WARDEN_PG_USER" -d "$db" "$@"
}

# 0 when something accepts PostgreSQL connections at the target.
warden_pg_answers() {
    if command -v pg_isready >/dev/null 2>&1; then
        pg_isready -q -t 3 -h "$WARDEN_PG_HOST" -p "$WARDEN_PG_PORT"
    else
        (exec 3<>"/dev/tcp/$WARDEN_PG_HOST/$WARDEN_PG_PORT") 2>/dev/null
    fi
}

warden_pg_is_local() {
    case "$WARDEN_PG_HOST" in 127.0.0.1|localhost|::1|\[::1\]) return 0 ;; *) return 1 ;; esac
}

# Installs (root + apt) and starts this machine's PostgreSQL cluster. 1 when it cannot.
warden_pg_start_local() {
    if ! command -v pg_ctlcluster >/dev/null 2>&1; then
        warden_apt_install postgresql || return 1
    fi
    local version
    version=$(ls /etc/postgresql 2>/dev/null | sort -V | tail -n 1)
    [ -n "$version" ] || return 1
    if [ "$(id -u)" != 0 ] && [ "$(id -un)" != postgres ]; then
        return 1
    fi
    warden_log "starting PostgreSQL $version (pg_ctlcluster $version main start)"
    pg_ctlcluster --skip-systemctl-redirect "$version" main start 2>/dev/null \
        || pg_ctlcluster "$version" main start || return 1
    local _
    for _ in $(seq 1 30); do warden_pg_answers && break; sleep 1; done
    warden_pg_answers && WARDEN_PG_STARTED=1
}

# As root, on a cluster this script started or in CI (CI=true), when postgres cannot connect over 127.0.0.1
# without a password: trust auth for 127.0.0.1 and for the postgres user on the local socket (as .ci/run always
# did). Never touches a PostgreSQL that was already running on a developer's machine.
warden_pg_trust_local() {
    [ -n "${WARDEN_PG_STARTED:-}" ] || [ "${CI:-}" = true ] || return 0
    [ "$(id -u)" = 0 ] && [ "$WARDEN_PG_USER" = postgres ] && [ -z "${WARDEN_DB_PASSWORD:-}" ] || return 0
    command -v psql >/dev/null 2>&1 || return 0
    warden_psql postgres -Atc 'select 1' >/dev/null 2>&1 && return 0
    warden_log "configuring trust authentication for postgres on 127.0.0.1 (a development machine)"
    local hba
    hba=$(su postgres -c "psql -Atc 'show hba_file'") || return 1
    sed -i -E 's/^(host\s+all\s+all\s+127\.0\.0\.1\/32\s+)\S+/\1trust/; s/^(local\s+all\s+postgres\s+)\S+/\1trust/' "$hba"
    su postgres -c "psql -q -c 'select pg_reload_conf()'" >/dev/null
}

warden_setup_postgres() {
    local create_db="${1:-}"
    warden_db_target || return 1
    local where="$WARDEN_PG_HOST:$WARDEN_PG_PORT"
    if ! warden_pg_answers; then
        if warden_pg_is_local && [ "$WARDEN_PG_PORT" = 5432 ] && warden_pg_start_local; then
            :
        else
            warden_log "PostgreSQL does not answer at $where: install PostgreSQL 15+ (Debian: apt-get install postgresql) and start it, or point WARDEN_DB_URL, WARDEN_DB_USER and WARDEN_DB_PASSWORD at one"
            return 1
        fi
    fi
    if warden_pg_is_local; then
        warden_pg_trust_local || warden_log "could not configure trust authentication; set WARDEN_DB_USER and WARDEN_DB_PASSWORD"
    fi
    if [ -n "$create_db" ] && command -v psql >/dev/null 2>&1; then
        local exists
        exists=$(warden_psql postgres -Atc "select 1 from pg_database where datname = '$create_db'" 2>/dev/null) || {
            warden_log "PostgreSQL at $where refused user $WARDEN_PG_USER: check WARDEN_DB_USER and WARDEN_DB_PASSWORD"
            return 1
        }
        if [ "$exists" != 1 ]; then
            warden_log "creating database $create_db on $where"
            warden_psql postgres -c "create database \"$create_db\"" >/dev/null || {
                warden_log "could not create database $create_db on $where: create it (createdb $create_db) or grant CREATEDB to $WARDEN_PG_USER"
                return 1
            }
        fi
    elif [ -n "$create_db" ]; then
        warden_log "no psql here: make sure database $create_db exists on $where (Debian: apt-get install postgresql-client)"
    fi
    warden_log "PostgreSQL answers at $where"
    return 0
}

# The run's two roles that are not superusers, in database $1 (created when missing; docs/operations.md, "Database
# roles"): <db>_owner owns the database, and so the schema and every table (Flyway migrates as it), and <db>_app may
# only read and write rows (docs/db-roles.sql). Objects an earlier run created as a superuser are given to the owner.
# Each run sets new random passwords and exports them for the server. WildFly binds no migration data source
# (docs/wildfly.md), so with $2 = wildfly the server connects as the owner role (still no superuser).
# Does nothing when WARDEN_DB_USER is set (the caller chose the credentials) or the user is no superuser.
warden_setup_db_roles() {
    local db="$1" server="${2:-liberty}"
    local owner="${db}_owner" app="${db}_app" super owner_pw app_pw
    [ -z "${WARDEN_DB_USER:-}" ] || return 0
    command -v psql >/dev/null 2>&1 || {
        warden_log "no psql here: the server connects as $WARDEN_PG_USER (Debian: apt-get install postgresql-client)"
        return 0
    }
    super=$(warden_psql "$db" -Atc "select rolsuper from pg_roles where rolname = current_user") || return 1
    [ "$super" = t ] || return 0
    owner_pw=$(head -c 18 /dev/urandom | base64 | tr -d '/+=')
    app_pw=$(head -c 18 /dev/urandom | base64 | tr -d '/+=')
    warden_psql "$db" -v ON_ERROR_STOP=1 -v db="$db" -v owner="$owner" -v app="$app" \
        -v owner_pw="$owner_pw" -v app_pw="$app_pw" >/dev/null <<'SQL' || { warden_log "could not set up the roles $owner and $app in $db"; return 1; }
SELECT format('CREATE ROLE %I LOGIN', r) FROM unnest(ARRAY[:'owner', :'app']) r
 WHERE NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = r)
\gexec
ALTER ROLE :"owner" WITH LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOBYPASSRLS PASSWORD :'owner_pw';
ALTER ROLE :"app" WITH LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOBYPASSRLS PASSWORD :'app_pw';
ALTER DATABASE :"db" OWNER TO :"owner";
ALTER SCHEMA public OWNER TO :"owner";
-- tables an earlier run created as a superuser (their sequences follow), then standalone sequences and functions
SELECT format('ALTER TABLE %s OWNER TO %I', c.oid::regclass, :'owner')
  FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
 WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p', 'v', 'f') AND pg_get_userbyid(c.relowner) <> :'owner'
   AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_class'::regclass AND d.objid = c.oid AND d.deptype = 'e')
\gexec
SELECT format('ALTER SEQUENCE %s OWNER TO %I', c.oid::regclass, :'owner')
  FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
 WHERE n.nspname = 'public' AND c.relkind = 'S' AND pg_get_userbyid(c.relowner) <> :'owner'
   AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_class'::regclass AND d.objid = c.oid AND d.deptype IN ('a', 'i', 'e'))
\gexec
SELECT format('ALTER ROUTINE %s OWNER TO %I', p.oid::regprocedure, :'owner')
  FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
 WHERE n.nspname = 'public' AND pg_get_userbyid(p.proowner) <> :'owner'
   AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e')
\gexec
SQL
    sed -e "s/\${migration_role}/\"$owner\"/g" -e "s/\${app_role}/\"$app\"/g" docs/db-roles.sql \
        | warden_psql "$db" -v ON_ERROR_STOP=1 >/dev/null \
        || { warden_log "could not apply docs/db-roles.sql to $db"; return 1; }
    export WARDEN_DB_MIGRATION_USER="$owner" WARDEN_DB_MIGRATION_PASSWORD="$owner_pw"
    if [ "$server" = wildfly ]; then
        export WARDEN_DB_USER="$owner" WARDEN_DB_PASSWORD="$owner_pw"
        warden_log "the server connects to $db as $owner, not a superuser (WildFly: one role migrates and serves)"
    else
        export WARDEN_DB_USER="$app" WARDEN_DB_PASSWORD="$app_pw"
        warden_log "the server connects to $db as $app and migrates as $owner, neither a superuser (docs/operations.md, \"Database roles\")"
    fi
}

# node 20.19+ (Vite 7) and npm, which build the admin UI and run the browser test.
warden_setup_node() {
    if ! command -v npm >/dev/null 2>&1 || ! command -v node >/dev/null 2>&1; then
        warden_apt_install nodejs npm || {
            warden_log "node and npm are missing: install Node.js 20.19+ with npm (Debian: apt-get install nodejs npm)"
            return 1
        }
    fi
    local v major minor
    v=$(node -v 2>/dev/null); v="${v#v}"; major="${v%%.*}"; minor="${v#*.}"; minor="${minor%%.*}"
    if [ "${major:-0}" -lt 20 ] || { [ "$major" = 20 ] && [ "${minor:-0}" -lt 19 ]; }; then
        warden_log "node $v is too old: install Node.js 20.19+ (the admin UI's Vite 7 needs it)"
        return 1
    fi
    return 0
}

# Debian's chromium at /usr/bin/chromium for PanelUiIT (playwright-core drives it; never a browser download).
warden_setup_chromium() {
    [ -x /usr/bin/chromium ] && return 0
    warden_apt_install chromium && [ -x /usr/bin/chromium ] && return 0
    warden_log "Chromium is missing at /usr/bin/chromium: install it (Debian: apt-get install chromium) or pass -Dwarden.it.chromium=/path/to/chrome"
    return 1
}

# The admin UI's build is up to date: built (web-module/target/ui) after every change of its sources, node_modules
# installed (the browser tests run from the sources). Run from the repository's root.
warden_ui_built() {
    local ui=web-module/src/main/ui built=web-module/target/ui/admin/index.html
    [ -f "$built" ] && [ -d "$ui/node_modules" ] \
        && [ -z "$(find "$ui" -path "$ui/node_modules" -prune -o -newer "$built" -type f -print -quit)" ]
}
