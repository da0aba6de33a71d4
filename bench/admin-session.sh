# Sourced by bench/rooms-bench.sh and bench/rooms-two-nodes.sh: an admin and a panel session for it, written straight
# into database $1 (the cookie's SHA-256 is the session id); prints the cookie.
admin_session() {
    local cookie
    cookie=$(head -c 24 /dev/urandom | od -An -tx1 | tr -d ' \n')
    psql -h 127.0.0.1 -U postgres -v ON_ERROR_STOP=1 -qtA -d "$1" >/dev/null <<SQL
INSERT INTO warden_users (email, display_name) VALUES ('bench-admin@example.com', 'Bench admin');
INSERT INTO warden_roles (user_id, role) SELECT id, 'admin' FROM warden_users WHERE email = 'bench-admin@example.com';
INSERT INTO warden_sessions (id, user_id, token_version, kind, expires_at)
  SELECT encode(sha256('$cookie'::bytea), 'hex'), id, token_version, 'http', now() + interval '1 hour'
  FROM warden_users WHERE email = 'bench-admin@example.com';
SQL
    echo "$cookie"
}
