# Shared by bench/cluster-check.sh and bench/cluster-throughput.sh (sourced): SQL on the cluster's database,
# hosting teams and API tokens made as an operator's script would (only the token's SHA-256 is stored), and
# reading answers saved by curl -D.
lb_port=${WARDEN_CLUSTER_PORT:-9490}
db=${WARDEN_CLUSTER_DB:-warden_cluster}
admin_password=${WARDEN_CLUSTER_ADMIN_PASSWORD:-cluster-admin-password}
# the simulator's control API token (docs/simulator.md, "Control API"), set on the nodes by bench/cluster.sh
sim_token=${WARDEN_CLUSTER_SIMULATOR_TOKEN:-cluster-simulator-control-token}
base="http://localhost:$lb_port"

sql() { psql -h 127.0.0.1 -U postgres -d "$db" -AtXq -c "$1"; }
node_of() { tr -d '\r' <"$1" | sed -n 's/^[Xx]-[Ww]arden-[Nn]ode: *//p' | head -1; }
status_of() { sed -n '1s/^HTTP\/[0-9.]* \([0-9]*\).*/\1/p' "$1"; }
admin_id() { sql "select id from warden_users where email = 'admin@warden.local'"; }

# owns <team id>: the demo admin owns the team (a token works while its creator owns the team)
owns() {
    sql "insert into warden_team_members (team_id, user_id, role) values ($1, $(admin_id), 'owner')
         on conflict (team_id, user_id) do update set role = 'owner'" >/dev/null
}
# new_team <label>: a fresh team owned by the demo admin; prints its id
new_team() {
    local id; id=$(sql "insert into warden_teams (name) values ('cluster-$1-$RANDOM') returning id" | head -1)
    owns "$id"
    echo "$id"
}
# token_for <team id> <token>: stores the token (it must start with wdn_) for the team
token_for() {
    sql "insert into warden_api_tokens (team_id, created_by, name, token_hash, token_prefix)
         values ($1, $(admin_id), 'cluster', encode(sha256(convert_to('$2', 'UTF8')), 'hex'), left('$2', 12))" >/dev/null
}
# sign_in <cookie jar>: the demo admin's session through the load balancer; prints the status
sign_in() {
    curl -sS -c "$1" -o /dev/null -w '%{http_code}' -H 'Content-Type: application/json' \
        -d "{\"email\":\"admin@warden.local\",\"password\":\"$admin_password\"}" "$base/admin-api/auth/login"
}
