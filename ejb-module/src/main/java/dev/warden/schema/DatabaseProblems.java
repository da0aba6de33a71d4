package dev.warden.schema;

import java.net.ConnectException;
import java.net.UnknownHostException;
import java.sql.SQLException;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Turns a failure to reach the database at start-up into one operator-facing sentence that names the variable to
 * fix ({@code WARDEN_DB_URL}, {@code WARDEN_DB_USER}, {@code WARDEN_DB_PASSWORD}; docs/operations.md,
 * "Start-up failures"). Pure: walks the cause chain (and {@link SQLException#getNextException()}) for a
 * PostgreSQL SQLState or a socket failure. Never includes the password or the URL's query string.
 */
public final class DatabaseProblems {

    private DatabaseProblems() {}

    /**
     * The sentence for a connection failure, or empty when {@code failure} is not one (for instance a migration
     * whose SQL failed, which is not retried).
     */
    public static Optional<String> describe(Throwable failure) {
        return walk(failure, new IdentityHashMap<>(), 0);
    }

    private static Optional<String> walk(Throwable t, Map<Throwable, Boolean> seen, int depth) {
        if (t == null || depth > 50 || seen.put(t, Boolean.TRUE) != null) {
            return Optional.empty();
        }
        Optional<String> own = own(t);
        if (own.isPresent()) {
            return own;
        }
        Optional<String> found = walk(t.getCause(), seen, depth + 1);
        if (found.isEmpty() && t instanceof SQLException sql) {
            found = walk(sql.getNextException(), seen, depth + 1);
        }
        return found;
    }

    private static Optional<String> own(Throwable t) {
        if (t instanceof ConnectException || t instanceof UnknownHostException) {
            return Optional.of(unreachable(t.getMessage()));
        }
        if (!(t instanceof SQLException sql) || sql.getSQLState() == null) {
            return Optional.empty();
        }
        String state = sql.getSQLState();
        String detail = firstLine(sql.getMessage());
        if (state.equals("28P01") || state.startsWith("28")) {
            return Optional.of("the database refused the credentials (" + detail + "): fix WARDEN_DB_USER and "
                    + "WARDEN_DB_PASSWORD");
        }
        if (state.equals("3D000")) {
            return Optional.of("the database named in WARDEN_DB_URL does not exist (" + detail + "): create it "
                    + "(e.g. createdb) or fix WARDEN_DB_URL");
        }
        if (state.equals("55000") || state.equals("57P03") || state.equals("53300")) {
            return Optional.of("the database in WARDEN_DB_URL does not accept connections now (" + detail
                    + "): wait for it or fix WARDEN_DB_URL");
        }
        if (state.equals("08003") || state.equals("08006") || state.equals("57P01")) {
            return Optional.of("the connection to the database in WARDEN_DB_URL was lost (" + detail + "): check that "
                    + "PostgreSQL is up and reachable");
        }
        if (state.startsWith("08") || state.startsWith("57P")) {
            return Optional.of(unreachable(detail));
        }
        return Optional.empty();
    }

    private static String unreachable(String detail) {
        return "nothing answers at the host and port of WARDEN_DB_URL (" + firstLine(detail) + "): start PostgreSQL "
                + "or fix WARDEN_DB_URL";
    }

    private static String firstLine(String message) {
        if (message == null) {
            return "no detail";
        }
        String line = message.strip();
        int nl = line.indexOf('\n');
        return nl < 0 ? line : line.substring(0, nl).strip();
    }
}
