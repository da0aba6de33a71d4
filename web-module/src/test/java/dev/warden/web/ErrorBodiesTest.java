package dev.warden.web;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Unit tests for {@link ErrorBodies#codeFor}. {@link ErrorBodies#response} builds a JAX-RS {@code Response},
 * which needs a {@code RuntimeDelegate} implementation that is not on the test class path, so it is covered
 * by the integration tests instead.
 */
class ErrorBodiesTest {

    @ParameterizedTest(name = "codeFor({0}) = {1}")
    @CsvSource({
        "400, bad_request",
        "401, unauthenticated",
        "403, forbidden",
        "404, not_found",
        "405, method_not_allowed",
        "406, not_acceptable",
        "409, conflict",
        "412, precondition_failed",
        "415, bad_request",
        "422, invalid_request",
        "429, rate_limited",
        "501, not_implemented",
        "503, unavailable"
    })
    void documentedStatusesHaveTheirCode(int status, String code) {
        assertEquals(code, ErrorBodies.codeFor(status));
    }

    @ParameterizedTest
    @ValueSource(ints = {500, 502, 504, 505, 599})
    void otherServerErrorsAreServerError(int status) {
        assertEquals("server_error", ErrorBodies.codeFor(status));
    }

    @ParameterizedTest
    @ValueSource(ints = {402, 408, 410, 411, 414, 418, 451, 499})
    void otherClientErrorsAreBadRequest(int status) {
        assertEquals("bad_request", ErrorBodies.codeFor(status));
    }

    @org.junit.jupiter.api.Test
    void aBodyOverTheLimitIsPayloadTooLarge() {
        assertEquals("payload_too_large", ErrorBodies.codeFor(413));
    }
}
