#!/usr/bin/env bash
# Two Warden nodes behind nginx on one machine (docs/operations.md, "Running several nodes").
#
#   bench/cluster.sh start [--no-build]   build (unless --no-build), then start node A (demo data, the simulator),
#                                          node B and nginx in front, and wait until both nodes are ready
#   bench/cluster.sh stop                 stop nginx and both nodes (what "start" started, nothing else)
#   bench/cluster.sh kill-b | start-b     SIGKILL node B / start it again (the cluster check uses both)
#   bench/cluster.sh balance a|ab         nginx sends everything to node A, or round robin over both (reload)
#   bench/cluster.sh status               which parts run
#
# WARDEN_CLUSTER_SERVER=liberty (the default): two Open Liberty servers from the one runtime the build unpacks
# (ear/target/liberty/wlp), servers "warden-node-a" (port 9491) and "warden-node-b" (port 9492).
# WARDEN_CLUSTER_SERVER=wildfly: two WildFly 39 servers from the one WildFly the build unpacks (ear/target/wildfly,
# -Dwarden.server=wildfly), each with a base directory of its own (bench/target/cluster/wildfly/node-a, node-b:
# copies of its standalone/ folder); management interfaces on the cluster port + 3 and + 4 (9493, 9494; readiness is
# read there), the transaction manager's sockets on + 5/+ 6 (node A) and + 7/+ 8 (node B). The other commands
# act on the server the last "start" used unless WARDEN_CLUSTER_SERVER says otherwise.
# Either way one PostgreSQL database (warden_cluster, created afresh by "start"), and nginx on 127.0.0.1:9490 with
# round robin and no sticky sessions. Loopback only.
# Both nodes send X-Warden-Node (warden.node.header=true) so that a test sees which node answered.
# Ports and names: WARDEN_CLUSTER_PORT (9490; the nodes take the next two), WARDEN_CLUSTER_DB (warden_cluster);
# WARDEN_CLUSTER_ENV: more variables for both nodes, e.g. "WARDEN_HOSTING_LIMITS_ENABLED=false".
# WARDEN_CLUSTER_WARM_UP: each node's start-up warm-up in seconds before it reports ready (default 20; 0: none).
# WARDEN_CLUSTER_READY_TIMEOUT: seconds a starting node may take to be ready (default 600: a node took up to 280 s on
# 2 cores shared with other builds).
# The demo admin's password is WARDEN_CLUSTER_ADMIN_PASSWORD (default cluster-admin-password). Output and state:
# bench/target/cluster/ (nginx.conf, logs, pid files).
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/setup.sh

log() { echo "[cluster] $*"; }
root=$(pwd)
lb_port=${WARDEN_CLUSTER_PORT:-9490}
port_a=$((lb_port + 1))
port_b=$((lb_port + 2))
db=${WARDEN_CLUSTER_DB:-warden_cluster}
admin_password=${WARDEN_CLUSTER_ADMIN_PASSWORD:-cluster-admin-password}
sim_token=${WARDEN_CLUSTER_SIMULATOR_TOKEN:-cluster-simulator-control-token} # as in bench/cluster-lib.sh
state="$root/bench/target/cluster"
# the server: WARDEN_CLUSTER_SERVER, else (but for "start") the one the last "start" used, else Liberty
server=${WARDEN_CLUSTER_SERVER:-}
if [ -z "$server" ] && [ "${1:-}" != start ] && [ -f "$state/server" ]; then server=$(cat "$state/server"); fi
server=${server:-liberty}
wlp="$root/ear/target/liberty/wlp"
servers="$wlp/usr/servers"
wildfly="$root/ear/target/wildfly"
case "$server" in
    liberty | wildfly) ;;
    *) echo "WARDEN_CLUSTER_SERVER must be liberty or wildfly (got $server)" >&2; exit 2 ;;
esac
mkdir -p "$state"

port_of() { if [ "$1" = a ]; then echo "$port_a"; else echo "$port_b"; fi; }
# WildFly only: the management interface (readiness) and the transaction manager's two sockets of node $1
mgmt_port_of() { if [ "$1" = a ]; then echo $((lb_port + 3)); else echo $((lb_port + 4)); fi; }
txn_port_of() { if [ "$1" = a ]; then echo $((lb_port + 5)); else echo $((lb_port + 7)); fi; }
# the node's server folder (Liberty) or base directory (WildFly), and its server log
dir_of() { if [ "$server" = wildfly ]; then echo "$state/wildfly/node-$1"; else echo "$servers/warden-node-$1"; fi; }
log_of() { if [ "$server" = wildfly ]; then echo "$(dir_of "$1")/log/server.log"; else echo "$(dir_of "$1")/logs/messages.log"; fi; }

# the environment of node $1 (a or b) on port $2; only node A seeds the demo data (the nodes start one after
# the other) and hosts the simulator both use as their upstream providers
node_env() {
    local node=$1 port=$2
    local sim="http://localhost:$port_a/warden-simulator"
    echo "WARDEN_HTTP_PORT=$port"
    echo "WARDEN_NODE_NAME=node-$node"
    echo "WARDEN_NODE_HEADER=true"
    echo "WARDEN_DB_URL=jdbc:postgresql://127.0.0.1:5432/$db"
    echo "WARDEN_DB_USER=${WARDEN_DB_USER:-postgres}"
    echo "WARDEN_DB_PASSWORD=${WARDEN_DB_PASSWORD:-}"
    echo "WARDEN_PUBLIC_URL=http://localhost:$lb_port"
    echo "WARDEN_TRUSTED_PROXIES=127.0.0.1"
    echo "WARDEN_ACCESS_LOG=true"
    echo "WARDEN_DEMO=$([ "$node" = a ] && echo true || echo false)"
    echo "WARDEN_DEMO_ADMIN_PASSWORD=$admin_password"
    echo "WARDEN_DEMO_SIMULATOR_URL=$sim"
    echo "WARDEN_BILLING_MP_REST_URL=$sim/billing"
    echo "WARDEN_INFRASTRUCTURE_MP_REST_URL=$sim/infrastructure"
    echo "WARDEN_AGENT_ENDPOINTS_ALLOW_LOOPBACK=true"
    echo "WARDEN_WEBHOOKS_ALLOW_PRIVATE_TARGETS=true"   # the cluster check's webhook receiver is on localhost
    echo "WARDEN_WEBHOOKS_CLAIM_SECONDS=10"             # a killed node's claimed deliveries are retried after 10 s
    echo "WARDEN_MFA_REQUIRED_ROLES=none"               # the checks sign the demo admin in with a password only
    echo "WARDEN_WARM_UP_SECONDS=${WARDEN_CLUSTER_WARM_UP:-20}"   # ready only once warm (docs/configuration.md)
    echo "SIMULATOR_CONTROL_ENABLED=true"
    echo "SIMULATOR_CONTROL_TOKEN=$sim_token"
    local extra
    for extra in ${WARDEN_CLUSTER_ENV:-}; do echo "$extra"; done
}

pid_file() { if [ "$server" = wildfly ]; then echo "$state/wildfly/node-$1.pid"; else echo "$servers/.pid/warden-node-$1.pid"; fi; }
pid_of() { cat "$(pid_file "$1")" 2>/dev/null || true; }
# node $1's JVM runs (for WildFly: the pid is a process started on that node's base directory)
running() {
    local pid; pid=$(pid_of "$1")
    [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null || return 1
    [ "$server" = liberty ] || tr '\0' '\n' <"/proc/$pid/cmdline" 2>/dev/null | grep -qxF -- "-Djboss.server.base.dir=$(dir_of "$1")"
}
# where node $1 says it is ready: Liberty's HTTP port, WildFly's management interface (docs/wildfly.md, "Health")
ready_url() {
    if [ "$server" = wildfly ]; then echo "http://127.0.0.1:$(mgmt_port_of "$1")/health/ready"; else echo "http://localhost:$(port_of "$1")/health/ready"; fi
}

wait_ready() {
    local node=$1 port=$2 started limit=${WARDEN_CLUSTER_READY_TIMEOUT:-600}
    started=$(date +%s)
    while [ $(( $(date +%s) - started )) -lt "$limit" ]; do
        if curl -fsS -o /dev/null "$(ready_url "$node")" 2>/dev/null; then
            log "node $node ready on port $port after $(( $(date +%s) - started )) s"
            return 0
        fi
        running "$node" || { log "node $node stopped while starting: see $(log_of "$node")"; return 1; }
        sleep 2
    done
    log "node $node not ready after $limit s: see $(log_of "$node")"
    return 1
}

# creates server warden-node-$1 from the run server "warden" the run-server profile made: its configuration and
# applications only (server.xml, the EAR, the PostgreSQL driver; the simulator on node A only), never what a run of
# it wrote (tranlog/: the transaction recovery logs, logs/, workarea/, resources/: its keystore, server.env). A node
# that inherited another server's recovery logs failed to open them after its first crash and never started Warden
# again (docs/operations.md, "Running several nodes").
make_liberty_server() {
    local node=$1 dir="$servers/warden-node-$1" part parts=()
    rm -rf "$dir"
    mkdir -p "$dir"
    for part in server.xml bootstrap.properties jvm.options configDropins dropins apps lib postgresql; do
        [ -e "$servers/warden/$part" ] && parts+=("./$part")
    done
    (cd "$servers/warden" && tar -cf - "${parts[@]}") | (cd "$dir" && tar -xf -)
    if [ "$node" = b ]; then
        find "$dir/dropins" -name 'warden-simulator*' -exec rm -rf {} +
    fi
    node_env "$node" "$(port_of "$node")" >"$dir/server.env"
}

# creates node $1's WildFly base directory as a copy of the standalone/ folder the wildfly profile configured
# (standalone-warden.xml, warden.ear in deployments/; the simulator on node A only) and its environment,
# node.env: node_env's, without empty values (WildFly refuses an empty data-source password; warden.cli's default
# stands in), plus the transaction manager's sockets
make_wildfly_base() {
    local node=$1 dir txn
    dir=$(dir_of "$node"); txn=$(txn_port_of "$node")
    rm -rf "$dir"
    mkdir -p "$dir"
    (cd "$wildfly/standalone" && tar --exclude=./log --exclude=./data --exclude=./tmp \
        --exclude=./configuration/standalone_xml_history -cf - .) | (cd "$dir" && tar -xf -)
    # the deployment scanner's markers of an earlier run of the unpacked server
    find "$dir/deployments" -maxdepth 1 -type f \( -name '*.deployed' -o -name '*.failed' -o -name '*.is*' \
        -o -name '*.pending' -o -name '*.undeployed' -o -name '*.skipdeploy' -o -name '*.dodeploy' \) -delete
    if [ "$node" = b ]; then rm -rf "$dir"/deployments/warden-simulator*; fi
    {
        node_env "$node" "$(port_of "$node")" | grep -v '=$' || true
        echo "WARDEN_TXN_RECOVERY_PORT=$txn"
        echo "WARDEN_TXN_STATUS_PORT=$((txn + 1))"
    } >"$dir/node.env"
}

make_server() {
    if [ "$server" = wildfly ]; then make_wildfly_base "$1"; else make_liberty_server "$1"; fi
}

# starts WildFly on node $1's base directory in the background (its own session, so that it outlives this
# script); standalone.sh writes the JVM's pid to JBOSS_PIDFILE
start_wildfly() {
    local node=$1 dir pidfile vars _
    dir=$(dir_of "$node"); pidfile=$(pid_file "$node")
    mapfile -t vars <"$dir/node.env"
    rm -f "$pidfile"
    env "${vars[@]}" JBOSS_HOME="$wildfly" LAUNCH_JBOSS_IN_BACKGROUND=1 JBOSS_PIDFILE="$pidfile" \
        setsid nohup "$wildfly/bin/standalone.sh" -c standalone-warden.xml \
        -Djboss.server.base.dir="$dir" -Djboss.node.name="warden-node-$node" -Djboss.tx.node.id="warden-node-$node" \
        -Djboss.management.http.port="$(mgmt_port_of "$node")" -Djboss.bind.address.management=127.0.0.1 \
        >"$state/start-$node.log" 2>&1 </dev/null &
    for _ in $(seq 1 60); do [ -s "$pidfile" ] && return 0; sleep 0.5; done
    cat "$state/start-$node.log"
    return 1
}

start_node() {
    local node=$1 port
    port=$(port_of "$node")
    running "$node" && { log "node $node already runs"; return 0; }
    log "starting node $node on port $port ($server, $(dir_of "$node"))"
    if [ "$server" = wildfly ]; then
        start_wildfly "$node" || return 1
    else
        "$wlp/bin/server" start "warden-node-$node" >"$state/start-$node.log" 2>&1 || { cat "$state/start-$node.log"; return 1; }
    fi
    wait_ready "$node" "$port"
}

# writes nginx.conf from bench/cluster/nginx.conf; "a": node A only (node B's line commented out)
nginx_conf() {
    mkdir -p "$state/nginx/tmp"
    chmod -R 777 "$state/nginx/tmp"
    sed -e "s|@STATE@|$state/nginx|g" -e "s|@PORT@|$lb_port|g" -e "s|@PORT_A@|$port_a|g" -e "s|@PORT_B@|$port_b|g" \
        bench/cluster/nginx.conf >"$state/nginx/nginx.conf"
    if [ "${1:-ab}" = a ]; then sed -i "s|^\( *server 127.0.0.1:$port_b\)|# \1|" "$state/nginx/nginx.conf"; fi
}

start_nginx() {
    command -v nginx >/dev/null || warden_apt_install nginx-light || warden_apt_install nginx
    nginx_conf ab
    nginx -p "$state/nginx" -c "$state/nginx/nginx.conf" -t 2>"$state/nginx/test.log" || { cat "$state/nginx/test.log"; return 1; }
    nginx -p "$state/nginx" -c "$state/nginx/nginx.conf"
    log "nginx on http://127.0.0.1:$lb_port (round robin over $port_a and $port_b)"
}

stop_nginx() {
    if [ -f "$state/nginx/nginx.pid" ] && kill -0 "$(cat "$state/nginx/nginx.pid")" 2>/dev/null; then
        nginx -p "$state/nginx" -c "$state/nginx/nginx.conf" -s stop || true
        log "nginx stopped"
    fi
}

stop_node() {
    running "$1" || return 0
    local pid _; pid=$(pid_of "$1")
    if [ "$server" = wildfly ]; then
        # SIGTERM: WildFly's shutdown hook stops the server in order
        kill -TERM "$pid" 2>/dev/null || true
        for _ in $(seq 1 60); do kill -0 "$pid" 2>/dev/null || break; sleep 1; done
    else
        "$wlp/bin/server" stop "warden-node-$1" >/dev/null 2>&1 || true
    fi
    if kill -0 "$pid" 2>/dev/null; then kill -KILL "$pid" 2>/dev/null || true; fi
    log "node $1 stopped"
}

case "${1:-}" in
    start)
        if [ "${2:-}" != --no-build ]; then
            warden_setup_node
            if [ "$server" = wildfly ]; then
                log "building (mvn -Dwarden.server=wildfly; tests skipped)"
                mvn -B -q -pl ear -am package -DskipTests -DskipITs -Dwarden.server=wildfly
            else
                log "building (mvn -Prun-server; tests skipped)"
                mvn -B -q -pl ear -am package -DskipTests -DskipITs -Prun-server
            fi
        fi
        if [ "$server" = wildfly ]; then
            [ -f "$wildfly/standalone/configuration/standalone-warden.xml" ] && [ -f "$wildfly/standalone/deployments/warden.ear" ] \
                || { log "no configured WildFly with warden.ear at $wildfly: build first (without --no-build)"; exit 1; }
        else
            [ -d "$servers/warden" ] || { log "no run server at $servers/warden: build first (without --no-build)"; exit 1; }
        fi
        WARDEN_DB_URL=jdbc:postgresql://127.0.0.1:5432/postgres warden_setup_postgres
        WARDEN_DB_URL=jdbc:postgresql://127.0.0.1:5432/postgres warden_db_target
        stop_nginx; stop_node a; stop_node b
        warden_psql postgres -c "drop database if exists $db with (force)" >/dev/null
        warden_psql postgres -c "create database $db" >/dev/null
        # WARDEN_CLUSTER_LOG_STATEMENTS=true: PostgreSQL logs every statement on this database (round-trip counts)
        if [ "${WARDEN_CLUSTER_LOG_STATEMENTS:-false}" = true ]; then
            warden_psql postgres -c "alter database $db set log_statement = 'all'" >/dev/null
        fi
        echo "$server" >"$state/server"
        make_server a
        make_server b
        start_node a
        start_node b
        start_nginx
        log "ready: http://localhost:$lb_port (admin admin@warden.local / $admin_password)"
        ;;
    stop)
        stop_nginx; stop_node a; stop_node b
        ;;
    kill-b)
        if running b; then
            pid=$(pid_of b)
            kill -KILL "$pid" && log "node b (pid $pid) killed with SIGKILL"
        fi
        ;;
    start-b)
        start_node b
        ;;
    balance)
        [ "${2:-}" = a ] || [ "${2:-}" = ab ] || { echo "usage: bench/cluster.sh balance a|ab"; exit 2; }
        nginx_conf "$2"
        nginx -p "$state/nginx" -c "$state/nginx/nginx.conf" -s reload 2>/dev/null
        sleep 1
        log "nginx balances over node(s) $2"
        ;;
    status)
        for n in a b; do if running "$n"; then log "node $n runs (pid $(pid_of "$n"))"; else log "node $n is down"; fi; done
        if [ -f "$state/nginx/nginx.pid" ] && kill -0 "$(cat "$state/nginx/nginx.pid")" 2>/dev/null; then log "nginx runs"; else log "nginx is down"; fi
        ;;
    *)
        sed -n '2,25p' "$0"
        exit 2
        ;;
esac
