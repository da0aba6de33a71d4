#!/usr/bin/env bash
# Prepares a WildFly 39.0.1.Final installation for Warden (docs/wildfly.md):
#   configure.sh WILDFLY_HOME ECLIPSELINK_JAR POSTGRESQL_JAR [DEPLOYMENT...]
# 1. adds EclipseLink to the org.eclipse.persistence module and the PostgreSQL driver as module org.postgresql;
# 2. copies standalone.xml to standalone-warden.xml and applies warden.cli to it (embed-server, offline), so
#    running it again starts from WildFly's own configuration;
# 3. copies each DEPLOYMENT (warden.ear, warden-simulator.war) into standalone/deployments;
# 4. appends the footprint JVM options, MALLOC_ARENA_MAX=2, a periodic native heap trim and a full periodic collection
#    to bin/standalone.conf
#    (each once).
# Start with: WILDFLY_HOME/bin/standalone.sh -c standalone-warden.xml
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
home="$1"; eclipselink="$2"; postgresql="$3"; shift 3
base="$home/modules/system/layers/base"

cp "$here/modules/org/eclipse/persistence/main/module.xml" "$base/org/eclipse/persistence/main/module.xml"
cp "$eclipselink" "$base/org/eclipse/persistence/main/eclipselink.jar"
mkdir -p "$home/modules/org/postgresql/main"
cp "$here/modules/org/postgresql/main/module.xml" "$home/modules/org/postgresql/main/module.xml"
cp "$postgresql" "$home/modules/org/postgresql/main/postgresql.jar"

cp "$home/standalone/configuration/standalone.xml" "$home/standalone/configuration/standalone-warden.xml"
rm -rf "$home/standalone/configuration/standalone_xml_history"
JBOSS_HOME="$home" bash "$home/bin/jboss-cli.sh" --file="$here/warden.cli"

# 4. the same footprint options as Liberty's jvm.options (docs/configuration.md, "JVM options"), after WildFly's own
#    defaults in bin/standalone.conf, so they also apply when JAVA_OPTS comes from the environment
if ! grep -q "warden: footprint" "$home/bin/standalone.conf"; then
    cat >>"$home/bin/standalone.conf" <<'CONF'

# warden: footprint (docs/configuration.md, "JVM options"): G1 gives back what an idle node does not use
JAVA_OPTS="$JAVA_OPTS -XX:MinHeapFreeRatio=10 -XX:MaxHeapFreeRatio=20 -XX:G1PeriodicGCInterval=15000"
CONF
fi
# 5. at most two malloc arenas (glibc makes up to 8 per core, each keeping freed memory), unless the environment
#    says otherwise (docs/configuration.md, "JVM options")
if ! grep -q "warden: at most two malloc arenas" "$home/bin/standalone.conf"; then
    cat >>"$home/bin/standalone.conf" <<'CONF'
# warden: at most two malloc arenas (docs/configuration.md, "JVM options")
export MALLOC_ARENA_MAX="${MALLOC_ARENA_MAX:-2}"
CONF
fi
# 6. every 5 s the JVM hands the memory glibc keeps from freed native allocations back
#    to the OS (docs/configuration.md, "JVM options"; docs/decisions/wildfly-native-heap-trim.md)
if ! grep -q "warden: native heap trim" "$home/bin/standalone.conf"; then
    cat >>"$home/bin/standalone.conf" <<'CONF'
# warden: native heap trim (docs/configuration.md, "JVM options")
JAVA_OPTS="$JAVA_OPTS -XX:TrimNativeHeapInterval=5000"
CONF
fi

# 7. the periodic collection of an idle node is a full one, which compacts the heap and gives back about 25 MB more
#    than a concurrent cycle, as Liberty's jvm.options says (docs/configuration.md, "JVM options"; docs/decisions/periodic-full-collection.md)
if ! grep -q "warden: periodic full collection" "$home/bin/standalone.conf"; then
    cat >>"$home/bin/standalone.conf" <<'CONF'
# warden: periodic full collection (docs/configuration.md, "JVM options")
JAVA_OPTS="$JAVA_OPTS -XX:-G1PeriodicGCInvokesConcurrent"
CONF
fi

for d in "$@"; do
    cp "$d" "$home/standalone/deployments/"
done
