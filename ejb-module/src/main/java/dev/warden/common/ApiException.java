package dev.warden.common;

import jakarta.ejb.ApplicationException;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A failure with a documented HTTP status and error code, raised by domain logic and turned into the
 * error body {@code {"error": {"code", "message", "fields"?}}} by the web module (DESIGN.md section 3,
 * "Error body"; spec/hosting-api.md, Errors).
 *
 * <p>It is an EJB application exception: it reaches the caller unwrapped and rolls the transaction back.
 */
@ApplicationException(rollback = true)
public class ApiException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final int status;
    private final String code;
    private final Map<String, List<String>> fields;
    private final Map<String, String> headers;

    /**
     * @param status HTTP status (e.g. 404)
     * @param code   machine-readable code (e.g. {@code not_found})
     * @param message human-readable text, safe to show to the client
     */
    public ApiException(int status, String code, String message) {
        this(status, code, message, Map.of(), Map.of());
    }

    /**
     * @param fields for 422 only: each invalid parameter or column mapped to its messages
     * @param headers extra response headers (e.g. {@code Retry-After})
     */
    public ApiException(int status, String code, String message, Map<String, List<String>> fields,
                        Map<String, String> headers) {
        super(message);
        this.status = status;
        this.code = code;
        this.fields = Collections.unmodifiableMap(new LinkedHashMap<>(fields));
        this.headers = Collections.unmodifiableMap(new LinkedHashMap<>(headers));
    }

    /** 401 {@code unauthenticated}. */
    public static ApiException unauthenticated(String message) {
        return new ApiException(401, "unauthenticated", message);
    }

    /** 403 {@code forbidden}. */
    public static ApiException forbidden(String message) {
        return new ApiException(403, "forbidden", message);
    }

    /** 404 {@code not_found}. */
    public static ApiException notFound(String message) {
        return new ApiException(404, "not_found", message);
    }

    /** 409 {@code conflict}. */
    public static ApiException conflict(String message) {
        return new ApiException(409, "conflict", message);
    }

    /** 400 {@code bad_request}: unparseable JSON, wrong content type. */
    public static ApiException badRequest(String message) {
        return new ApiException(400, "bad_request", message);
    }

    /** 422 {@code invalid_request} naming one parameter or column. */
    public static ApiException invalid(String field, String message) {
        return new ApiException(422, "invalid_request", "Invalid " + field + ": " + message,
                Map.of(field, List.of(message)), Map.of());
    }

    /** 422 {@code invalid_request} with several fields; {@code fields} must not be empty. */
    public static ApiException invalid(Map<String, List<String>> fields) {
        String names = String.join(", ", fields.keySet());
        return new ApiException(422, "invalid_request", "Invalid request: " + names, fields, Map.of());
    }

    public int status() {
        return status;
    }

    public String code() {
        return code;
    }

    /** Per-field messages (422 only); empty otherwise. */
    public Map<String, List<String>> fields() {
        return fields;
    }

    /** Extra response headers; empty when none. */
    public Map<String, String> headers() {
        return headers;
    }
}
