# Shared by list-latency.sh and peer-directus.sh (sourced, not run): the 1M-row table game_scores and the benchmark
# admin. Needs PSQL (psql with its options) set by the caller.

# load_scores DB ROWS: tops game_scores in DB up to ROWS rows (users, tournaments and scores as the cases expect)
load_scores() {
    local db=$1 rows=$2 have
    have=$($PSQL -d "$db" -c "SELECT count(*) FROM game_scores")
    [ "$have" -lt "$rows" ] || return 0
    echo "loading $((rows - have)) scores..."
    $PSQL -d "$db" <<SQL
INSERT INTO warden_users (email, display_name)
SELECT 'bench' || g || '@example.com', 'Bench Player ' || g FROM generate_series(1, 1000) g
ON CONFLICT DO NOTHING;
INSERT INTO game_tournaments (name) SELECT 'Cup ' || g FROM generate_series(1, 50) g;
INSERT INTO game_scores (user_id, season, score, note, tournament_id)
SELECT (SELECT min(id) FROM warden_users) + (g % 1000),
       's' || (1 + g % 8),
       (g::bigint * 7919) % 1000003,
       (ARRAY['clean run','speedrun','no hit','co-op','ranked','casual','replay'])[1 + g % 7],
       CASE WHEN g % 3 = 0 THEN NULL ELSE (SELECT min(id) FROM game_tournaments) + g % 50 END
FROM generate_series(1, $((rows - have))) g;
ANALYZE game_scores;
SQL
}

# bench_admin_cookie DB BASE: makes the admin bench-admin@example.com (PBKDF2 hash in Jakarta Security's format),
# signs in at BASE and prints the session cookie's value (empty when the sign-in failed)
bench_admin_cookie() {
    local db=$1 base=$2 email=bench-admin@example.com password=bench-password-123 hash
    hash=$(python3 -c "
import hashlib, base64, os
salt = os.urandom(32); it = 1024
dk = hashlib.pbkdf2_hmac('sha256', b'$password', salt, it, 32)
print('PBKDF2WithHmacSHA256:%d:%s:%s' % (it, base64.b64encode(salt).decode(), base64.b64encode(dk).decode()))")
    $PSQL -d "$db" -c "INSERT INTO warden_users (email, display_name, password_hash) VALUES ('$email', 'Bench Admin', '$hash')
      ON CONFLICT (lower(email)) DO UPDATE SET password_hash = EXCLUDED.password_hash" >/dev/null
    $PSQL -d "$db" -c "INSERT INTO warden_roles (user_id, role) SELECT id, 'admin' FROM warden_users WHERE email = '$email'
      ON CONFLICT DO NOTHING" >/dev/null
    bench_admin_login "$base"
}

# bench_admin_login BASE: signs the bench admin (made by bench_admin_cookie) in at BASE and prints the session
# cookie's value; empty when the sign-in failed or the session cannot list (e.g. 403 mfa_enrollment_required: the
# server needs WARDEN_MFA_REQUIRED_ROLES=none), so that no measured request is an error answer
bench_admin_login() {
    local base=$1 cookie status
    cookie=$(curl -s -i -H 'Content-Type: application/json' \
        -d '{"email":"bench-admin@example.com","password":"bench-password-123"}' \
        "$base/admin-api/auth/login" | grep -i '^set-cookie: warden_session=' | sed -E 's/^[^=]*=([^;]*).*/\1/' | tr -d '\r') || true
    status=$(curl -s -o /dev/null -w '%{http_code}' -H "Cookie: warden_session=$cookie" "$base/admin-api") || true
    if [ -z "$cookie" ] || [ "$status" != 200 ]; then
        echo "the bench admin's session answers $status on GET /admin-api" >&2
        return 0
    fi
    echo "$cookie"
}

# deploy_with_extension WORK DROPIN EXT: the EAR (ear/target/warden.ear) with the extension jar EXT in its lib/,
# built in the scratch folder WORK and copied to DROPIN (the caller puts the plain EAR back when done)
deploy_with_extension() {
    local work=$1 dropin=$2 ext=$3
    cp ear/target/warden.ear "$work/warden.ear"
    mkdir -p "$work/lib" && cp "$ext" "$work/lib/"
    (cd "$work" && zip -q warden.ear lib/"$(basename "$ext")")
    cp "$work/warden.ear" "$dropin"
}

# stop_server: stops the benchmark's server (SERVER liberty or wildfly; WLP, PORT, or WILDFLY, MGMT_PORT and
# WILDFLY_PID of a WildFly started in the background), waiting for a WildFly to exit; nothing when none runs
stop_server() {
    if [ "$SERVER" = wildfly ]; then
        JBOSS_HOME="$WILDFLY" "$WILDFLY/bin/jboss-cli.sh" --controller="127.0.0.1:$MGMT_PORT" --timeout=60000 -c --command=:shutdown \
            >/dev/null 2>&1 || true
        # polled rather than waited for: a shutdown sent while it boots is lost (`wait` then blocked for ever), so
        # after 60 s the process tree is killed
        local polls=0
        while [ -n "$WILDFLY_PID" ] && kill -0 "$WILDFLY_PID" 2>/dev/null; do
            polls=$((polls + 1))
            if [ "$polls" -ge 120 ]; then pkill -9 -P "$WILDFLY_PID" 2>/dev/null || true; kill -9 "$WILDFLY_PID" 2>/dev/null || true; fi
            sleep 0.5
        done
        WILDFLY_PID=
    else
        WARDEN_HTTP_PORT=$PORT "$WLP/bin/server" stop warden >/dev/null 2>&1 || true
    fi
}
