package dev.warden.common;

import jakarta.ejb.ApplicationException;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A failure with a documented {@link ErrorCode} (which fixes the HTTP status), raised by domain logic and turned into the
 * error body {@code {"error": {"code", "message", "fields"?}}} by the web module (docs/admin-api.md, "Error body";
 * docs/hosting-api.md, "Requirements: Errors").
 *
 * <p>It is an EJB application exception: it reaches the caller unwrapped and rolls the transaction back.
 */
@ApplicationException(rollback = true)
public class ApiException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final ErrorCode code;
    private final Map<String, List<String>> fields;
    private final Map<String, String> headers;

    /**
     * @param code    the documented code, which fixes the HTTP status (e.g. {@link ErrorCode#NOT_FOUND}, 404)
     * @param message human-readable text, safe to show to the client
     */
    public ApiException(ErrorCode code, String message) {
        this(code, message, Map.of(), Map.of());
    }

    /**
     * @param fields for 422 only: each invalid parameter or column mapped to its messages
     * @param headers extra response headers (e.g. {@code Retry-After})
     */
    public ApiException(ErrorCode code, String message, Map<String, List<String>> fields, Map<String, String> headers) {
        super(message);
        this.code = Objects.requireNonNull(code, "code");
        this.fields = Collections.unmodifiableMap(new LinkedHashMap<>(fields));
        this.headers = Collections.unmodifiableMap(new LinkedHashMap<>(headers));
    }

    /** 401 {@code unauthenticated}. */
    public static ApiException unauthenticated(String message) {
        return new ApiException(ErrorCode.UNAUTHENTICATED, message);
    }

    /** 403 {@code forbidden}. */
    public static ApiException forbidden(String message) {
        return new ApiException(ErrorCode.FORBIDDEN, message);
    }

    /** 404 {@code not_found}. */
    public static ApiException notFound(String message) {
        return new ApiException(ErrorCode.NOT_FOUND, message);
    }

    /** 409 {@code conflict}. */
    public static ApiException conflict(String message) {
        return new ApiException(ErrorCode.CONFLICT, message);
    }

    /** 400 {@code bad_request}: unparseable JSON, wrong content type. */
    public static ApiException badRequest(String message) {
        return new ApiException(ErrorCode.BAD_REQUEST, message);
    }

    /** 422 {@code invalid_request} naming one parameter or column. */
    public static ApiException invalid(String field, String message) {
        return new ApiException(
                ErrorCode.INVALID_REQUEST,
                "Invalid " + field + ": " + message,
                Map.of(field, List.of(message)),
                Map.of());
    }

    /** 422 {@code invalid_request} with several fields; {@code fields} must not be empty. */
    public static ApiException invalid(Map<String, List<String>> fields) {
        String names = String.join(", ", fields.keySet());
        return new ApiException(ErrorCode.INVALID_REQUEST, "Invalid request: " + names, fields, Map.of());
    }

    /** The same failure with {@code extra} response headers added (e.g. {@code WWW-Authenticate}). */
    public ApiException withHeaders(Map<String, String> extra) {
        Map<String, String> all = new LinkedHashMap<>(headers);
        all.putAll(extra);
        return new ApiException(code, getMessage(), fields, all);
    }

    /** The documented code. */
    public ErrorCode errorCode() {
        return code;
    }

    /** The HTTP status, fixed by {@link #errorCode()}. */
    public int status() {
        return code.status();
    }

    /** The code as written in the error body ({@link ErrorCode#wire()}), e.g. {@code not_found}. */
    public String code() {
        return code.wire();
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
