package dev.warden.it.support;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.concurrent.TimeUnit;

/**
 * Runs one of the admin UI's browser test scripts ({@code web-module/src/main/ui/tests/*.test.mjs}) with the
 * machine's {@code node} and headless Chromium (system property {@code warden.it.chromium}, default
 * {@code /usr/bin/chromium}) against the test server, screenshots into {@code ear/target/ui-screenshots}.
 */
public final class BrowserTests {

    private BrowserTests() {}

    /** The script's exit status and its output (stdout and stderr together). */
    public record Result(int exit, String output) {}

    /**
     * Runs {@code script} (relative to the UI folder) with {@code WARDEN_FIXTURES=fixtures} (JSON). Each browser
     * step waits up to {@code WARDEN_UI_TIMEOUT_MS} (system property {@code warden.it.ui.timeout-ms}, default the
     * scripts' own 60 s: {@code tests/harness.mjs}).
     *
     * @throws AssertionError when it runs longer than {@code minutes} (the script is stopped)
     */
    public static Result run(String script, String fixtures, int minutes) throws IOException, InterruptedException {
        File ui = new File(System.getProperty("warden.it.ui.dir", "../web-module/src/main/ui"));
        File shots = screenshots();
        shots.mkdirs();
        // the output goes to a file, so the bound below holds even while the script keeps its output open
        File log = File.createTempFile("browser-test-", ".log", shots);
        ProcessBuilder node = new ProcessBuilder("node", script)
                .directory(ui)
                .redirectErrorStream(true)
                .redirectOutput(log);
        node.environment().put("WARDEN_URL", Api.baseUrl());
        node.environment().put("WARDEN_FIXTURES", fixtures);
        node.environment().put("WARDEN_SCREENSHOTS", shots.getAbsolutePath());
        node.environment().put("CHROMIUM", System.getProperty("warden.it.chromium", "/usr/bin/chromium"));
        node.environment().put("PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD", "1");
        String stepTimeout = System.getProperty("warden.it.ui.timeout-ms");
        if (stepTimeout != null) {
            node.environment().put("WARDEN_UI_TIMEOUT_MS", stepTimeout);
        }
        Process process = node.start();
        boolean ended = process.waitFor(minutes, TimeUnit.MINUTES);
        if (!ended) {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
            process.waitFor(30, TimeUnit.SECONDS);
        }
        String output = Files.readString(log.toPath(), StandardCharsets.UTF_8);
        Files.delete(log.toPath());
        if (!ended) {
            throw new AssertionError(script + " timed out after " + minutes + " min:\n" + output);
        }
        return new Result(process.exitValue(), output);
    }

    /**
     * The folder the browser tests write their screenshots to (system property {@code warden.it.ui.screenshots}, set
     * by failsafe to the run's {@code target/ui-screenshots}; default {@code target/ui-screenshots}), absolute.
     */
    public static File screenshots() {
        return new File(System.getProperty("warden.it.ui.screenshots", "target/ui-screenshots")).getAbsoluteFile();
    }
}
