package dev.warden.web;

import dev.warden.common.ErrorCode;
import java.lang.reflect.Method;
import java.net.ConnectException;
import java.sql.SQLException;
import java.sql.SQLNonTransientConnectionException;
import java.sql.SQLTimeoutException;
import java.sql.SQLTransientConnectionException;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Recognises a failure caused by the database being unreachable, overloaded or out of pooled connections, also
 * when it arrives wrapped (EJB, JPA/EclipseLink, Liberty's connection manager), so the APIs answer 503 with
 * {@code Retry-After} instead of 500 (docs/hosting-api.md, "Requirements: Errors": 503 {@code timeout}, {@code busy},
 * {@code unavailable}). Pure: walks the cause chain (and {@code SQLException.getNextException}, EclipseLink's
 * {@code getInternalException}).
 *
 * <ul>
 *   <li>{@code busy}: Liberty's {@code ConnectionWaitTimeoutException} (pool exhausted), a
 *       {@code ResourceAllocationException}, {@link SQLTransientConnectionException}, SQLState class 53
 *       (insufficient resources, e.g. 53300 too many connections) — retry after 5 s;</li>
 *   <li>{@code timeout}: {@link SQLTimeoutException}, SQLState 57014 (statement timeout / cancelled) — 5 s;</li>
 *   <li>{@code unavailable}: {@link SQLNonTransientConnectionException}, SQLState class 08 (connection
 *       exception), 57P01..57P03 (shut down, cannot connect now), a database not accepting connections,
 *       {@link ConnectException} — 10 s.</li>
 * </ul>
 */
public final class DatabaseFailures {

    /**
     * How to answer a database failure: 503 with {@code error}'s code and {@code Retry-After}.
     *
     * @param error             {@link ErrorCode#BUSY}, {@link ErrorCode#TIMEOUT} or {@link ErrorCode#UNAVAILABLE}
     * @param retryAfterSeconds the {@code Retry-After} value
     */
    public record Kind(ErrorCode error, int retryAfterSeconds) {

        /** The wire code: {@code busy}, {@code timeout} or {@code unavailable}. */
        public String code() {
            return error.wire();
        }
    }

    public static final Kind BUSY = new Kind(ErrorCode.BUSY, 5);
    public static final Kind TIMEOUT = new Kind(ErrorCode.TIMEOUT, 5);
    public static final Kind UNAVAILABLE = new Kind(ErrorCode.UNAVAILABLE, 10);

    private DatabaseFailures() {}

    /** The kind of database failure behind {@code failure}, or empty when it is something else. */
    public static Optional<Kind> classify(Throwable failure) {
        Map<Throwable, Boolean> seen = new IdentityHashMap<>();
        return walk(failure, seen, 0);
    }

    private static Optional<Kind> walk(Throwable t, Map<Throwable, Boolean> seen, int depth) {
        if (t == null || depth > 50 || seen.put(t, Boolean.TRUE) != null) {
            return Optional.empty();
        }
        Optional<Kind> own = own(t);
        if (own.isPresent()) {
            return own;
        }
        Optional<Kind> found = walk(t.getCause(), seen, depth + 1);
        if (found.isEmpty() && t instanceof SQLException sql) {
            found = walk(sql.getNextException(), seen, depth + 1);
        }
        if (found.isEmpty()) {
            found = walk(internal(t), seen, depth + 1);
        }
        return found;
    }

    private static Optional<Kind> own(Throwable t) {
        String name = t.getClass().getName();
        if (name.endsWith("ConnectionWaitTimeoutException") || name.endsWith("ResourceAllocationException")) {
            return Optional.of(BUSY);
        }
        if (t instanceof SQLTransientConnectionException) {
            return Optional.of(BUSY);
        }
        if (t instanceof SQLTimeoutException) {
            return Optional.of(TIMEOUT);
        }
        if (t instanceof SQLNonTransientConnectionException || t instanceof ConnectException) {
            return Optional.of(UNAVAILABLE);
        }
        if (t instanceof SQLException sql && sql.getSQLState() != null) {
            String state = sql.getSQLState();
            if (state.startsWith("08") || state.equals("57P01") || state.equals("57P02") || state.equals("57P03")) {
                return Optional.of(UNAVAILABLE);
            }
            if (state.startsWith("53")) {
                return Optional.of(BUSY);
            }
            if (state.equals("57014")) {
                return Optional.of(TIMEOUT);
            }
            if (state.equals("55000")
                    && String.valueOf(sql.getMessage()).contains("not currently accepting connections")) {
                return Optional.of(UNAVAILABLE);
            }
        }
        return Optional.empty();
    }

    /** EclipseLink's {@code getInternalException()} (not always its cause), by reflection; null when none. */
    private static Throwable internal(Throwable t) {
        try {
            Method method = t.getClass().getMethod("getInternalException");
            Object value = method.invoke(t);
            return value instanceof Throwable inner ? inner : null;
        } catch (ReflectiveOperationException | RuntimeException e) {
            return null;
        }
    }
}
