package dev.warden.web;

import dev.warden.common.ApiException;
import dev.warden.common.ErrorCode;
import jakarta.ejb.EJBException;
import jakarta.json.JsonException;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;
import java.util.Map;
import java.util.UUID;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The last line: any other failure becomes 500 {@code server_error} with an incident id; the stack trace
 * goes to the server log only. An {@link ApiException} wrapped by the EJB container is unwrapped, and an
 * unparseable JSON body is 400 {@code bad_request}. A database, connection or pool failure is 503 {@code busy},
 * {@code timeout} or {@code unavailable} with {@code Retry-After} ({@link DatabaseFailures}), never 500.
 */
@Provider
public class UnhandledExceptionMapper implements ExceptionMapper<Throwable> {

    private static final Logger LOG = Logger.getLogger(UnhandledExceptionMapper.class.getName());

    @Override
    public Response toResponse(Throwable e) {
        for (Throwable cause = e; cause != null; cause = cause.getCause()) {
            if (cause instanceof ApiException api) {
                return new ApiExceptionMapper().toResponse(api);
            }
            if (cause instanceof JsonException) {
                return ErrorBodies.response(ErrorCode.BAD_REQUEST, "The body is not valid JSON", Map.of())
                        .build();
            }
            if (cause instanceof WebApplicationException web && !(cause instanceof EJBException)) {
                return new WebApplicationExceptionMapper().toResponse(web);
            }
            if (isRuntimeRefusal(cause)) {
                String reason = cause.getMessage();
                LOG.fine(() -> "Request refused by the JAX-RS runtime: " + reason);
                return ErrorBodies.response(
                                ErrorCode.BAD_REQUEST,
                                "The request could not be read (a malformed header " + "such as Accept?)",
                                Map.of())
                        .build();
            }
        }
        var database = DatabaseFailures.classify(e);
        if (database.isPresent()) {
            return unavailable(e, database.get());
        }
        return serverError(e);
    }

    /**
     * True for the JAX-RS runtime's own "bad request" failures (RESTEasy's {@code org.jboss.resteasy.spi.Failure},
     * e.g. {@code Accept: *}{@code /*;q=x}), which are not {@link WebApplicationException}s; matched by class name,
     * since the runtime's classes are not visible to the application.
     */
    static boolean isRuntimeRefusal(Throwable e) {
        if (e.getClass().getName().endsWith("WriterException")) {
            return false; // writing the answer failed: ours, not the client's
        }
        for (Class<?> type = e.getClass(); type != null; type = type.getSuperclass()) {
            if (type.getName().equals("org.jboss.resteasy.spi.Failure")) {
                return true;
            }
        }
        return false;
    }

    /**
     * 503 with the failure's code ({@code busy}, {@code timeout}, {@code unavailable}) and {@code Retry-After}:
     * the database or its pool failed, which is temporary (docs/hosting-api.md, "Requirements: Errors"; never 500).
     */
    static Response unavailable(Throwable e, DatabaseFailures.Kind kind) {
        LOG.log(Level.WARNING, "Database failure answered 503 " + kind.code() + ": " + e);
        String message =
                switch (kind.error()) {
                    case BUSY -> "The service is busy; retry after " + kind.retryAfterSeconds() + " s";
                    case TIMEOUT -> "The request timed out; retry after " + kind.retryAfterSeconds() + " s";
                    default -> "The service is temporarily unavailable; retry after " + kind.retryAfterSeconds() + " s";
                };
        return ErrorBodies.response(kind.error(), message, Map.of())
                .header("Retry-After", Integer.toString(kind.retryAfterSeconds()))
                .build();
    }

    /** 500 {@code server_error}; logs {@code e} with an incident id that the body repeats. */
    static Response serverError(Throwable e) {
        String incident = UUID.randomUUID().toString();
        LOG.log(Level.SEVERE, "Unhandled failure, incident " + incident, e);
        return ErrorBodies.response(
                        ErrorCode.SERVER_ERROR,
                        "Something went wrong on our side (incident " + incident + ")",
                        Map.of())
                .build();
    }
}
