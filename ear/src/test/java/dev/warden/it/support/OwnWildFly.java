package dev.warden.it.support;

import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;

/**
 * An {@link OwnServer} on WildFly: the WildFly the IT module uses ({@code warden.it.wildfly.home}) started on a base
 * directory of its own ({@code warden.it.wildfly.node.base}) with {@code standalone-warden.xml} (its deployment
 * scanner deploys the EAR from {@code deployments/}) and the test server's system properties
 * ({@code warden.it.wildfly.properties}) with its own ports: HTTP {@code warden.it.wildfly.node.port}, the management
 * interface on the next port, the transaction manager's two sockets on the two after it. Stopped with SIGTERM (the
 * server's shutdown hook stops it in order).
 */
final class OwnWildFly extends OwnServer {

    private final Path home;
    private final Path properties;

    OwnWildFly(String node, Path ear) throws IOException {
        super(
                node,
                Path.of(property("warden.it.wildfly.node.base")),
                Integer.parseInt(property("warden.it.wildfly.node.port")));
        home = Path.of(property("warden.it.wildfly.home"));
        delete(dir);
        Files.createDirectories(dir.resolve("deployments"));
        copy(home.resolve("standalone/configuration"), dir.resolve("configuration"));
        delete(dir.resolve("configuration/standalone_xml_history"));
        Files.copy(ear, dir.resolve("deployments/warden.ear"));
        Properties values = new Properties();
        try (Reader in = Files.newBufferedReader(Path.of(property("warden.it.wildfly.properties")))) {
            values.load(in);
        }
        values.setProperty("WARDEN_HTTP_PORT", String.valueOf(port));
        values.setProperty("WARDEN_TXN_RECOVERY_PORT", String.valueOf(port + 2));
        values.setProperty("WARDEN_TXN_STATUS_PORT", String.valueOf(port + 3));
        values.setProperty("warden.node.name", node);
        properties = dir.resolve("configuration/own-node.properties");
        try (Writer out = Files.newBufferedWriter(properties)) {
            values.store(out, "OwnServer: the WildFly test server's properties on ports of its own");
        }
    }

    @Override
    public Path log() {
        return dir.resolve("log/server.log");
    }

    @Override
    protected long launch(Map<String, String> system) throws IOException, InterruptedException {
        Path pidFile = dir.resolve("server.pid");
        Files.deleteIfExists(pidFile);
        List<String> command = new ArrayList<>(List.of(
                "bash",
                home.resolve("bin/standalone.sh").toString(),
                "-c",
                "standalone-warden.xml",
                "-Djboss.server.base.dir=" + dir,
                "-Djboss.node.name=" + node,
                // at most 28 bytes, unique among the servers that share the database
                "-Djboss.tx.node.id=own-" + port,
                "-Djboss.management.http.port=" + (port + 1),
                "-Djboss.bind.address.management=127.0.0.1",
                "--properties=" + properties));
        system.forEach((key, value) -> command.add("-D" + key + "=" + value));
        spawn(
                command,
                Map.of(
                        "JBOSS_HOME",
                        home.toString(),
                        "LAUNCH_JBOSS_IN_BACKGROUND",
                        "1",
                        "JBOSS_PIDFILE",
                        pidFile.toString(),
                        // standalone.conf's heap sizing, to which its JAVA_OPTS adds its own settings
                        "JBOSS_JAVA_SIZING",
                        "-Xms64m -Xmx512m " + String.join(" ", JVM_OPTIONS)),
                dir.resolve("server-command.log"));
        Wait.until(
                java.time.Duration.ofSeconds(60),
                "WildFly writes " + pidFile,
                () -> Files.exists(pidFile) && Files.size(pidFile) > 0);
        return Long.parseLong(Files.readString(pidFile).trim());
    }
}
