# Sourced by run.sh and scripts/run-wildfly.sh: runs a server command in the background of the calling script and
# watches Warden's start (docs/operations.md, "Start-up failures"). The script then ends with the server's exit
# status, or with 1 when Warden did not start (the server is stopped first), instead of leaving a server up with
# nothing deployed.
#
#   warden_run_watched <health base URL> <server log> <failed-deployment marker file, or ""> <command...>
#
# Warden did not start when, before it is ready: /health/live answers 503 (a start-up step failed: the check
# warden-application names it), the server log says so (Warden's "Warden did not start:" line, Open Liberty's
# CWWKZ0002E or CWWKZ0004E for the application warden), or the marker file appears (WildFly's deployment scanner
# writes warden.ear.failed). A database that cannot be reached is no failed start: Warden waits for it, readiness
# stays DOWN and the watch goes on. Ctrl+C (SIGINT) or SIGTERM to the script stops the server cleanly.

warden_run_watched() {
    local health=$1 log=$2 marker=$3
    shift 3
    local status=0 failure=""
    # where this start's lines begin: the end of the present log (WildFly appends), or 0 once the server has
    # started a new file (Open Liberty renames messages.log at each start)
    warden_log_inode=$(stat -c %i "$log" 2>/dev/null || echo none)
    warden_log_from=$(stat -c %s "$log" 2>/dev/null || echo 0)
    [ -z "$marker" ] || rm -f "$marker"
    "$@" &
    warden_server_pid=$!
    # a background job of a script ignores SIGINT: forward Ctrl+C and SIGTERM as SIGTERM (a clean stop)
    trap 'kill -TERM "$warden_server_pid" 2>/dev/null || true' INT TERM
    while kill -0 "$warden_server_pid" 2>/dev/null; do
        failure=$(warden_start_failure "$health" "$log" "$marker")
        [ -n "$failure" ] && break
        if [ "$(curl -s -o /dev/null -w '%{http_code}' "$health/health/ready" 2>/dev/null)" = 200 ]; then
            break
        fi
        sleep 2
    done
    if [ -n "$failure" ]; then
        echo "[warden] $failure Stopping the server; the log: $log" >&2
        kill -TERM "$warden_server_pid" 2>/dev/null || true
        while kill -0 "$warden_server_pid" 2>/dev/null; do wait "$warden_server_pid" 2>/dev/null || true; done
        exit 1
    fi
    # ready (or the server ended): wait for the server; a trapped signal interrupts wait, so wait until it is gone
    wait "$warden_server_pid" || status=$?
    while kill -0 "$warden_server_pid" 2>/dev/null; do wait "$warden_server_pid" || status=$?; done
    exit "$status"
}

# prints one line saying why Warden did not start, or nothing while it has not failed
warden_start_failure() {
    local health=$1 log=$2 marker=$3 from=$warden_log_from body line
    [ "$(stat -c %i "$log" 2>/dev/null || echo none)" = "$warden_log_inode" ] || from=0
    body=$(curl -s -w ' %{http_code}' "$health/health/live" 2>/dev/null || true)
    if [ "${body##* }" = 503 ] && [[ "$body" == *warden-application* ]]; then
        line=$(tail -c +"$((from + 1))" "$log" 2>/dev/null | grep -o 'Warden did not start:.*' | head -1)
        echo "${line:-Warden did not start: /health/live answers DOWN: ${body% *}}"
        return
    fi
    line=$(tail -c +"$((from + 1))" "$log" 2>/dev/null | grep -Eo '(Warden did not start:|CWWKZ000[24]E: .* application warden[.:]).*' | head -1)
    if [ -n "$line" ]; then
        echo "Warden did not start: ${line#Warden did not start: }" | cut -c1-600
        return
    fi
    if [ -n "$marker" ] && [ -f "$marker" ]; then
        echo "Warden did not start: WildFly failed to deploy warden.ear ($(tr -d '\n' <"$marker" | cut -c1-400))."
    fi
}
