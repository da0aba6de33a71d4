package dev.warden.it.support;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.jboss.shrinkwrap.api.exporter.ZipExporter;
import org.jboss.shrinkwrap.api.spec.EnterpriseArchive;

/**
 * A second Warden server process that a test starts, kills with SIGKILL and starts again, beside the shared test
 * server (which Arquillian manages and no test may kill): made from the installation the IT module unpacked, with the
 * test server's configuration, on the same IT database, on ports of its own, under a fixed {@code warden.node.name}.
 * {@link #create} picks Open Liberty or WildFly by the system property {@code warden.it.server} (failsafe sets
 * {@code wildfly} in module it/wildfly); the ports and paths come from the IT modules' poms (README.md, "Tests").
 *
 * <p>Use it with try-with-resources: {@link #close} stops a running server (a SIGKILL after 60 s), so none outlives
 * its test; a JVM shutdown hook kills one the test JVM leaves behind.
 */
public abstract class OwnServer implements AutoCloseable {

    /** How long a start may take until Warden answers (a cold first start on a loaded 2-core machine). */
    static final Duration START_TIMEOUT = Duration.ofSeconds(240);

    /**
     * The JVM options of every start beyond the server's own: those of every integration-test JVM (system property
     * {@code warden.it.jvm.options}, the parent pom's: the quick compiler only and one GC thread, which shorten a
     * start on a machine of few cores; docs/decisions/it-server-jvm-options.md), none without it.
     */
    static final List<String> JVM_OPTIONS = Arrays.stream(
                    System.getProperty("warden.it.jvm.options", "").trim().split("\\s+"))
            .filter(option -> !option.isEmpty())
            .toList();

    /** This server's {@code warden.node.name}. */
    protected final String node;

    /** Where its files live (Liberty: {@code usr/servers/<name>}; WildFly: its base directory). */
    protected final Path dir;

    /** Its HTTP port. */
    protected final int port;

    private Long pid;

    protected OwnServer(String node, Path dir, int port) {
        this.node = node;
        this.dir = dir;
        this.port = port;
        Runtime.getRuntime().addShutdownHook(new Thread(this::killQuietly));
    }

    /**
     * A new server named {@code node} running {@code ear}, made afresh (an earlier one of the same name is deleted),
     * not started yet.
     */
    public static OwnServer create(String node, EnterpriseArchive ear) throws IOException {
        File archive = Files.createTempFile("warden-own-server", ".ear").toFile();
        ear.as(ZipExporter.class).exportTo(archive, true);
        try {
            return "wildfly".equals(System.getProperty("warden.it.server"))
                    ? new OwnWildFly(node, archive.toPath())
                    : new OwnLiberty(node, archive.toPath());
        } finally {
            Files.deleteIfExists(archive.toPath());
        }
    }

    /** Its base URL, e.g. {@code http://localhost:9183}. */
    public String baseUrl() {
        return "http://localhost:" + port;
    }

    /** Its server log (Liberty's {@code messages.log}, WildFly's {@code server.log}). */
    public abstract Path log();

    /** This server's {@code warden.node.name}. */
    public String node() {
        return node;
    }

    /**
     * Starts it with {@code properties} as Java system properties (on this start only) and waits until Warden answers
     * ({@code GET /admin-api/auth/me} 401).
     *
     * @return how long the start took
     */
    public Duration start(Map<String, String> properties) throws IOException, InterruptedException {
        long started = System.nanoTime();
        pid = launch(properties);
        Wait.until(START_TIMEOUT, Duration.ofMillis(500), "Warden answers on " + baseUrl() + " (" + log() + ")", () -> {
            if (!running()) {
                throw new AssertionError("the server stopped while starting: see " + log());
            }
            return status(baseUrl() + "/admin-api/auth/me") == 401;
        });
        return Duration.ofNanos(System.nanoTime() - started);
    }

    /** Kills its JVM with SIGKILL (no shutdown of any kind) and waits until it is gone. */
    public void kill() throws InterruptedException {
        ProcessHandle jvm = ProcessHandle.of(pid).orElseThrow(() -> new AssertionError("no process " + pid));
        stopLauncher(jvm);
        jvm.destroyForcibly();
        try {
            jvm.onExit().get(30, TimeUnit.SECONDS);
        } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
            throw new AssertionError("process " + pid + " did not end after SIGKILL", e);
        }
        pid = null;
    }

    /**
     * Stops it if it runs: SIGTERM (both servers' shutdown hooks stop the server in order, without starting another
     * JVM as {@code bin/server stop} does), then SIGKILL after 60 s.
     */
    @Override
    public void close() {
        if (!running()) {
            return;
        }
        try {
            ProcessHandle.of(pid).ifPresent(jvm -> {
                stopLauncher(jvm);
                jvm.destroy();
                jvm.onExit().orTimeout(60, TimeUnit.SECONDS).join();
            });
        } catch (RuntimeException e) {
            // timed out: killed below
        } finally {
            killQuietly();
        }
    }

    /** Starts the server process; answers the pid of its JVM. */
    protected abstract long launch(Map<String, String> properties) throws IOException, InterruptedException;

    /** True while its JVM runs. */
    protected boolean running() {
        return pid != null && ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
    }

    /**
     * Kills the shell that launched {@code jvm} and waits for it, if any: WildFly's {@code standalone.sh}, whose wait
     * loop never ends once its JVM died of a signal (it spun on a core for the rest of the test run).
     */
    private static void stopLauncher(ProcessHandle jvm) {
        jvm.parent()
                .filter(shell -> shell.info()
                        .commandLine()
                        .map(line -> line.contains("standalone.sh"))
                        .orElse(false))
                .ifPresent(ProcessHandle::destroyForcibly);
    }

    private void killQuietly() {
        Long jvm = pid;
        if (jvm != null) {
            ProcessHandle.of(jvm).ifPresent(ProcessHandle::destroyForcibly);
        }
    }

    /** The HTTP status of a GET of {@code url}; 0 while nothing listens. */
    static int status(String url) {
        try {
            var connection = (java.net.HttpURLConnection)
                    java.net.URI.create(url).toURL().openConnection();
            connection.setConnectTimeout(2000);
            connection.setReadTimeout(10000);
            try {
                return connection.getResponseCode();
            } finally {
                connection.disconnect();
            }
        } catch (IOException e) {
            return 0;
        }
    }

    /** Runs {@code command} in {@code workDir} with {@code environment} added, output to {@code output}; waits. */
    static int run(List<String> command, Map<String, String> environment, Path output, Duration timeout)
            throws IOException, InterruptedException {
        Process process = spawn(command, environment, output);
        if (!process.waitFor(timeout.toSeconds(), TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new AssertionError(command + " did not end within " + timeout + ": see " + output);
        }
        return process.exitValue();
    }

    /** Starts {@code command} with {@code environment} added, its output appended to {@code output}. */
    static Process spawn(List<String> command, Map<String, String> environment, Path output) throws IOException {
        ProcessBuilder builder = new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(output.toFile()))
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
        builder.environment().putAll(environment);
        return builder.start();
    }

    /** The system property {@code name}, which the IT module's pom sets. */
    static String property(String name) {
        return Optional.ofNullable(System.getProperty(name))
                .orElseThrow(() -> new IllegalStateException(
                        "system property " + name + " is not set (run through " + "failsafe, README.md \"Tests\")"));
    }

    /** Deletes {@code path} and everything under it, if it exists. */
    static void delete(Path path) throws IOException {
        if (!Files.exists(path)) {
            return;
        }
        try (Stream<Path> all = Files.walk(path)) {
            all.sorted(Comparator.reverseOrder()).forEach(p -> {
                try {
                    Files.delete(p);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        }
    }

    /** Copies {@code from} (a file or a directory tree) to {@code to}. */
    static void copy(Path from, Path to) throws IOException {
        if (!Files.exists(from)) {
            return;
        }
        try (Stream<Path> all = Files.walk(from)) {
            for (Path p : (Iterable<Path>) all::iterator) {
                Path target = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(target);
                } else {
                    Files.createDirectories(target.getParent());
                    Files.copy(p, target);
                }
            }
        }
    }

    /** Writes {@code text} (UTF-8) to {@code file}, replacing it. */
    static void write(Path file, String text) throws IOException {
        Files.createDirectories(file.getParent());
        Files.writeString(file, text, StandardCharsets.UTF_8);
    }
}
