#!/usr/bin/env bash
# Starts the single sign-on demo provider (docs/sso.md, Demo): no.nav.security:mock-oauth2-server
# on 127.0.0.1:${WARDEN_SSO_DEMO_PORT:-9099} with interactive login (type a user name and claims), issuer
# http://127.0.0.1:<port>/warden-demo. Runs in the background of the calling shell (its process group, so Ctrl+C and
# a SIGTERM to the group stop it with the server); prints the issuer once it answers. Sourced by run.sh:
#   . scripts/sso-demo.sh && warden_sso_demo_start
# Never point a real Warden at it: it signs whatever it is told.

warden_sso_demo_start() {
    local port="${WARDEN_SSO_DEMO_PORT:-9099}"
    local dir target cp issuer
    dir="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/sso-demo"
    target="$dir/target"
    issuer="http://127.0.0.1:$port/warden-demo"
    mkdir -p "$target"
    if [ ! -s "$target/classpath.txt" ] || [ "$dir/pom.xml" -nt "$target/classpath.txt" ]; then
        echo "[warden] resolving the SSO demo provider (mock-oauth2-server) from the Maven registry"
        mvn -B -q -f "$dir/pom.xml" dependency:build-classpath -Dmdep.outputFile="$target/classpath.txt" >/dev/null
        echo >>"$target/classpath.txt"
    fi
    cp="$(head -n 1 "$target/classpath.txt")"
    if curl -fsS -o /dev/null "$issuer/.well-known/openid-configuration" 2>/dev/null; then
        echo "[warden] an SSO demo provider already answers at $issuer: using it"
    else
        echo "[warden] starting the SSO demo provider at $issuer (log: $target/provider.log)"
        SERVER_HOSTNAME=127.0.0.1 SERVER_PORT="$port" JSON_CONFIG='{"interactiveLogin": true}' \
            java -Xmx128m -cp "$cp" no.nav.security.mock.oauth2.StandaloneMockOAuth2ServerKt >"$target/provider.log" 2>&1 &
        local i
        for i in $(seq 1 60); do
            curl -fsS -o /dev/null "$issuer/.well-known/openid-configuration" 2>/dev/null && break
            sleep 1
        done
    fi
    export WARDEN_SSO_MODE="${WARDEN_SSO_MODE:-both}"
    export WARDEN_SSO_ISSUER="${WARDEN_SSO_ISSUER:-$issuer}"
    export WARDEN_SSO_CLIENT_ID="${WARDEN_SSO_CLIENT_ID:-warden-demo}"
    export WARDEN_SSO_CLIENT_SECRET="${WARDEN_SSO_CLIENT_SECRET:-warden-demo-secret}"
    export WARDEN_SSO_PROVIDER_NAME="${WARDEN_SSO_PROVIDER_NAME:-Demo SSO}"
    export WARDEN_SSO_ROLE_MAPPING="${WARDEN_SSO_ROLE_MAPPING:-warden-admins=admin;support=mod:users,userNotes}"
    echo "[warden] SSO demo: 'Sign in with Demo SSO' on the login page; at the provider type user name alice and"
    echo "[warden]   claims {\"email\": \"alice@warden.local\", \"groups\": [\"warden-admins\"]} (an admin), or bob and"
    echo "[warden]   claims {\"email\": \"bob@warden.local\", \"groups\": [\"support\"]} (a mod of users and userNotes)"
}
