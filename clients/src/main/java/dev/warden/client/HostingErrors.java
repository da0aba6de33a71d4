package dev.warden.client;

import dev.warden.client.generated.ApiClient;
import dev.warden.client.generated.ApiException;
import dev.warden.client.generated.ApiResponse;
import dev.warden.client.generated.model.Error;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Typed errors and poller replies for the client generated from {@code openapi/warden-hosting.yaml}
 * ({@code dev.warden.client.generated}): the JSON error body of a failed call as the generated {@link Error}
 * model, and any call as a {@link Reply} for {@link HostingPoller}.
 */
public final class HostingErrors {

    private HostingErrors() {}

    /**
     * The API's error body ({@code {"error": {"code", "message", "fields"?}}}) of a failed call; empty when the body
     * is not that JSON, e.g. the proxy's plain-text 429, 502 or 504 (docs/hosting-api.md, "Requirements: Errors").
     */
    public static Optional<Error> of(ApiException e) {
        String body = e.getResponseBody();
        if (body == null || body.isBlank() || !body.stripLeading().startsWith("{")) {
            return Optional.empty();
        }
        try {
            Error error = ApiClient.createDefaultObjectMapper().readValue(body, Error.class);
            return error.getError() == null ? Optional.empty() : Optional.of(error);
        } catch (Exception notTheErrorBody) {
            return Optional.empty();
        }
    }

    /** A header of a failed call ({@code Retry-After}, {@code X-RateLimit-Remaining}, ...), or null. */
    public static String header(ApiException e, String name) {
        return e.getResponseHeaders() == null
                ? null
                : e.getResponseHeaders().firstValue(name).orElse(null);
    }

    /** A generated {@code ...WithHttpInfo} call's answer as a {@link Reply} (the body is not kept). */
    public static Reply reply(ApiResponse<?> response) {
        return new Reply(response.getStatusCode(), response.getHeaders(), "");
    }

    /** A failed generated call as a {@link Reply}: status, headers and body as text. */
    public static Reply reply(ApiException e) {
        Map<String, List<String>> headers = e.getResponseHeaders() == null
                ? Map.of()
                : e.getResponseHeaders().map();
        return new Reply(e.getCode(), headers, e.getResponseBody());
    }

    /**
     * A {@link HostingPoller.Request} over a generated client call such as
     * {@code () -> metrics.getCurrentMetricsWithHttpInfo("arena", null)}; an {@link ApiException} with an HTTP status
     * becomes the reply, one without (code 0: no answer) a transport failure.
     */
    public static HostingPoller.Request generated(GeneratedCall call) {
        return () -> {
            try {
                return reply(call.call());
            } catch (ApiException e) {
                if (e.getCode() == 0) {
                    throw e;
                }
                return reply(e);
            }
        };
    }

    /** A generated client's {@code ...WithHttpInfo} call. */
    @FunctionalInterface
    public interface GeneratedCall {
        /** Makes the call. */
        ApiResponse<?> call() throws ApiException;
    }
}
