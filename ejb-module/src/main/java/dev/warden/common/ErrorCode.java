package dev.warden.common;

/**
 * Every error code either API answers, each with its HTTP status: the one declaration of docs/admin-api.md, "Error body" and "Sign-in"
 * and docs/hosting-api.md, "Requirements: Errors". The body carries {@link #wire()} as {@code code}.
 *
 * <p>A wire code may appear under two statuses, as in the requirements' table ({@code busy} is 429 for an instance that
 * is already serving a logs request and 503 for a service short of capacity): each pair is its own constant.
 */
public enum ErrorCode {

    /** 400: unparseable JSON, wrong content type. */
    BAD_REQUEST(400, "bad_request"),
    /** 401: missing, invalid or revoked session or token. */
    UNAUTHENTICATED(401, "unauthenticated"),
    /** 401: sign-in with a wrong email or password. */
    INVALID_CREDENTIALS(401, "invalid_credentials"),
    /** 401: a wrong, used or expired second-factor code (docs/security.md, "Second factors and step-up"). */
    INVALID_CODE(401, "invalid_code"),
    /** 401: the route needs a factor proved within the step-up window (docs/security.md, "Second factors and step-up"). */
    STEP_UP_REQUIRED(401, "step_up_required"),
    /** 403: signed in, but not allowed. */
    FORBIDDEN(403, "forbidden"),
    /** 403: the operator's role must hold a second factor first (docs/security.md, "Second factors and step-up"). */
    MFA_ENROLLMENT_REQUIRED(403, "mfa_enrollment_required"),
    /** 404: no such resource, row, application, deploy or instance. */
    NOT_FOUND(404, "not_found"),
    /** 405: a method the path does not serve. */
    METHOD_NOT_ALLOWED(405, "method_not_allowed"),
    /** 406: no acceptable representation. */
    NOT_ACCEPTABLE(406, "not_acceptable"),
    /** 409: unique or foreign-key violation; an admin already exists. */
    CONFLICT(409, "conflict"),
    /** 409: the instance is not running, so its logs cannot be read (hosting). */
    INSTANCE_NOT_READY(409, "instance_not_ready"),
    /** 412: {@code If-Match} names a row version that changed. */
    PRECONDITION_FAILED(412, "precondition_failed"),
    /** 413: the body is larger than the route's limit (web module's RequestGuardFilter). */
    PAYLOAD_TOO_LARGE(413, "payload_too_large"),
    /** 415: an import file of another content type than its format's (docs/admin-api.md, "Import"). */
    UNSUPPORTED_MEDIA_TYPE(415, "unsupported_media_type"),
    /** 422: a bad parameter or column value, an unknown column, a window too large. */
    INVALID_REQUEST(422, "invalid_request"),
    /** 429: a rate limit was reached; {@code Retry-After} says when to retry. */
    RATE_LIMITED(429, "rate_limited"),
    /** 429: the instance already serves a request of a one-at-a-time endpoint (hosting Limits, rule 5). */
    INSTANCE_BUSY(429, "busy"),
    /** 500: failure on the service side (the message carries an incident id, never a stack trace). */
    SERVER_ERROR(500, "server_error"),
    /** 501: an action or operation without a handler. */
    NOT_IMPLEMENTED(501, "not_implemented"),
    /** 502: the instance did not answer the log request (hosting). */
    INSTANCE_UNREACHABLE(502, "instance_unreachable"),
    /** 503: the service or its database pool is short of capacity; temporary. */
    BUSY(503, "busy"),
    /** 503: a statement or request timed out; temporary. */
    TIMEOUT(503, "timeout"),
    /** 503: the database or a dependency is down; temporary. */
    UNAVAILABLE(503, "unavailable"),
    /** 503: /billing could not fetch billing information (hosting). */
    BILLING_UNAVAILABLE(503, "billing_unavailable");

    private final int status;
    private final String wire;

    ErrorCode(int status, String wire) {
        this.status = status;
        this.wire = wire;
    }

    /** The HTTP status this code is answered with. */
    public int status() {
        return status;
    }

    /** The code as written in the error body, e.g. {@code not_found}. */
    public String wire() {
        return wire;
    }

    /**
     * The standard code for an HTTP status that came without one (the JAX-RS runtime's own errors): the
     * generic code of each documented status, 415 as {@code bad_request}, 503 as {@code unavailable}, any other
     * 5xx {@code server_error} and any other status {@code bad_request}. The caller keeps its own status.
     */
    public static ErrorCode forStatus(int status) {
        return switch (status) {
            case 400, 415 -> BAD_REQUEST;
            case 401 -> UNAUTHENTICATED;
            case 403 -> FORBIDDEN;
            case 404 -> NOT_FOUND;
            case 405 -> METHOD_NOT_ALLOWED;
            case 406 -> NOT_ACCEPTABLE;
            case 409 -> CONFLICT;
            case 412 -> PRECONDITION_FAILED;
            case 413 -> PAYLOAD_TOO_LARGE;
            case 422 -> INVALID_REQUEST;
            case 429 -> RATE_LIMITED;
            case 501 -> NOT_IMPLEMENTED;
            case 503 -> UNAVAILABLE;
            default -> status >= 500 ? SERVER_ERROR : BAD_REQUEST;
        };
    }
}
