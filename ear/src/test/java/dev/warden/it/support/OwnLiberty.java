package dev.warden.it.support;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * An {@link OwnServer} on Open Liberty: server {@code own-node-<port>} in the installation the IT module unpacked
 * (system property {@code warden.it.wlp.dir}), with the shared test server's configuration (server.xml, its
 * configDropins, the PostgreSQL driver; not its applications), the EAR in {@code apps/}, and an override of its own
 * ({@code configDropins/overrides/zz-own-node.xml}): HTTP port {@code warden.it.node.port} and the node's name.
 * Started with {@code bin/server start}; a start's JVM options and system properties go in its
 * {@code jvm.options}.
 */
final class OwnLiberty extends OwnServer {

    private final Path wlp;
    private final String name;

    OwnLiberty(String node, Path ear) throws IOException {
        this(node, ear, ServerLog.serverDir());
    }

    private OwnLiberty(String node, Path ear, Path testServer) throws IOException {
        // a name that holds no other server's: Arquillian takes a JVM whose command line holds its server's name for
        // that server already running
        super(
                node,
                testServer.resolveSibling("own-node-" + property("warden.it.node.port")),
                Integer.parseInt(property("warden.it.node.port")));
        wlp = Path.of(property("warden.it.wlp.dir"));
        name = dir.getFileName().toString();
        delete(dir);
        Files.createDirectories(dir);
        for (String part :
                List.of("server.xml", "server.env", "bootstrap.properties", "configDropins", "lib", "postgresql")) {
            copy(testServer.resolve(part), dir.resolve(part));
        }
        Files.createDirectories(dir.resolve("apps"));
        Files.copy(ear, dir.resolve("apps/warden.ear"));
        write(
                dir.resolve("configDropins/overrides/zz-own-node.xml"),
                """
                <?xml version="1.0" encoding="UTF-8"?>
                <!-- OwnServer: the test server's configuration (it.xml) on a port of its own, under a node name -->
                <server>
                    <variable name="WARDEN_HTTP_PORT" value="%d"/>
                    <variable name="warden.node.name" value="%s"/>
                    <enterpriseApplication id="warden" name="warden" location="warden.ear"/>
                </server>
                """
                        .formatted(port, node));
    }

    @Override
    public Path log() {
        return dir.resolve("logs/messages.log");
    }

    @Override
    protected long launch(Map<String, String> properties) throws IOException, InterruptedException {
        write(
                dir.resolve("jvm.options"),
                Stream.concat(
                                JVM_OPTIONS.stream(),
                                properties.entrySet().stream().map(p -> "-D" + p.getKey() + "=" + p.getValue()))
                        .collect(Collectors.joining("\n", "", "\n")));
        Path pidFile = wlp.resolve("usr/servers/.pid/" + name + ".pid");
        Files.deleteIfExists(pidFile);
        Path output = dir.resolve("server-command.log");
        int status = run(List.of(wlp.resolve("bin/server").toString(), "start", name), Map.of(), output, START_TIMEOUT);
        if (!Files.exists(pidFile)) {
            throw new AssertionError("server start " + name + " ended with " + status + " and no pid file: see "
                    + output + " and " + log());
        }
        return Long.parseLong(Files.readString(pidFile).trim());
    }
}
