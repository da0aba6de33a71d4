package dev.warden.it.support;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
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
     * Runs {@code script} (relative to the UI folder) with {@code WARDEN_FIXTURES=fixtures} (JSON).
     *
     * @throws AssertionError when it runs longer than {@code minutes}
     */
    public static Result run(String script, String fixtures, int minutes) throws IOException, InterruptedException {
        File ui = new File(System.getProperty("warden.it.ui.dir", "../web-module/src/main/ui"));
        File shots = new File(System.getProperty("warden.it.ui.screenshots", "target/ui-screenshots"));
        ProcessBuilder node = new ProcessBuilder("node", script).directory(ui).redirectErrorStream(true);
        node.environment().put("WARDEN_URL", Api.baseUrl());
        node.environment().put("WARDEN_FIXTURES", fixtures);
        node.environment().put("WARDEN_SCREENSHOTS", shots.getAbsolutePath());
        node.environment().put("CHROMIUM", System.getProperty("warden.it.chromium", "/usr/bin/chromium"));
        node.environment().put("PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD", "1");
        Process process = node.start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!process.waitFor(minutes, TimeUnit.MINUTES)) {
            process.destroyForcibly();
            throw new AssertionError(script + " timed out:\n" + output);
        }
        return new Result(process.exitValue(), output);
    }
}
