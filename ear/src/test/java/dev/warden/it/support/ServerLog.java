package dev.warden.it.support;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.regex.Pattern;

/**
 * The test server's {@code messages.log} (system property {@code warden.it.server.log}, set by failsafe), read
 * from a mark: {@link #mark()} before an action, then {@link #since} or {@link #await} for what the server logged
 * after it.
 */
public final class ServerLog {

    private ServerLog() {}

    /** The log file. */
    public static Path path() {
        String log = System.getProperty("warden.it.server.log");
        if (log == null) {
            throw new IllegalStateException("system property warden.it.server.log is not set (run through failsafe)");
        }
        return Path.of(log);
    }

    /** The server's directory ({@code usr/servers/<name>}), the log's grandparent. */
    public static Path serverDir() {
        return path().getParent().getParent();
    }

    /** The current end of the log, in bytes. */
    public static long mark() throws IOException {
        try (RandomAccessFile file = new RandomAccessFile(path().toFile(), "r")) {
            return file.length();
        }
    }

    /** Everything logged after {@code mark} (UTF-8). */
    public static String since(long mark) throws IOException {
        try (RandomAccessFile file = new RandomAccessFile(path().toFile(), "r")) {
            long length = file.length();
            if (length <= mark) {
                return "";
            }
            byte[] bytes = new byte[(int) (length - mark)];
            file.seek(mark);
            file.readFully(bytes);
            return new String(bytes, StandardCharsets.UTF_8);
        }
    }

    /**
     * Waits until the log after {@code mark} matches {@code pattern} and returns that text.
     *
     * @throws AssertionError with the text logged so far when {@code timeout} passes first
     */
    public static String await(long mark, Pattern pattern, Duration timeout) throws IOException, InterruptedException {
        String[] text = {""};
        if (!Wait.poll(
                timeout, Wait.POLL, () -> pattern.matcher(text[0] = since(mark)).find())) {
            throw new AssertionError("messages.log did not show /" + pattern + "/ within " + timeout
                    + "; logged since the mark:\n" + text[0]);
        }
        return text[0];
    }
}
