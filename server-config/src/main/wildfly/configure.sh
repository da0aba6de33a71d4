#!/usr/bin/env bash
# Prepares a WildFly 39.0.1.Final installation for Warden (docs/wildfly.md):
#   configure.sh WILDFLY_HOME ECLIPSELINK_JAR POSTGRESQL_JAR [DEPLOYMENT...]
# 1. adds EclipseLink to the org.eclipse.persistence module and the PostgreSQL driver as module org.postgresql;
# 2. copies standalone.xml to standalone-warden.xml and applies warden.cli to it (embed-server, offline), so
#    running it again starts from WildFly's own configuration;
# 3. copies each DEPLOYMENT (warden.ear, warden-simulator.war) into standalone/deployments;
# 4. appends the footprint JVM options, MALLOC_ARENA_MAX=2, a periodic native heap trim and a full periodic collection
#    to bin/standalone.conf (each once).
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

# 4. JVM options and the environment appended to bin/standalone.conf, after WildFly's own defaults (so they also
#    apply when JAVA_OPTS comes from the environment), each once: an earlier run's marker comment leaves it out
#    (docs/configuration.md, "JVM options")
conf="$home/bin/standalone.conf"
append_once() { # MARKER LINE
    grep -q "warden: $1" "$conf" ||
        printf '\n# warden: %s (docs/configuration.md, "JVM options")\n%s\n' "$1" "$2" >>"$conf"
}
# the footprint options of Liberty's jvm.options: G1 gives back what an idle node does not use
append_once footprint 'JAVA_OPTS="$JAVA_OPTS -XX:MinHeapFreeRatio=10 -XX:MaxHeapFreeRatio=20 -XX:G1PeriodicGCInterval=15000"'
# at most two malloc arenas (glibc makes up to 8 per core, each keeping freed memory), unless the environment says
# otherwise
append_once "at most two malloc arenas" 'export MALLOC_ARENA_MAX="${MALLOC_ARENA_MAX:-2}"'
# every 5 s the JVM hands the memory glibc keeps from freed native allocations back to the OS
# (docs/decisions/wildfly-native-heap-trim.md)
append_once "native heap trim" 'JAVA_OPTS="$JAVA_OPTS -XX:TrimNativeHeapInterval=5000"'
# the periodic collection of an idle node is a full one, which compacts the heap and gives back about 25 MB more
# than a concurrent cycle, as Liberty's jvm.options says (docs/decisions/periodic-full-collection.md)
append_once "periodic full collection" 'JAVA_OPTS="$JAVA_OPTS -XX:-G1PeriodicGCInvokesConcurrent"'

for d in "$@"; do
    cp "$d" "$home/standalone/deployments/"
done
