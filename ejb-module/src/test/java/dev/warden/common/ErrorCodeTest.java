package dev.warden.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Unit tests for {@link ErrorCode} and {@link ApiException}'s use of it. */
class ErrorCodeTest {

    @Test
    void eachStatusAndCodePairIsDeclaredOnce() {
        Set<String> pairs = new HashSet<>();
        for (ErrorCode code : ErrorCode.values()) {
            assertTrue(pairs.add(code.status() + " " + code.wire()), code.name());
        }
        assertEquals(429, ErrorCode.INSTANCE_BUSY.status());
        assertEquals(503, ErrorCode.BUSY.status());
        assertEquals(
                ErrorCode.INSTANCE_BUSY.wire(), ErrorCode.BUSY.wire(), "busy is 429 or 503, as in the requirements");
    }

    @Test
    void theStandardCodeOfADocumentedStatusHasThatStatus() {
        for (int status : new int[] {400, 401, 403, 404, 405, 406, 409, 412, 422, 429, 500, 501, 503}) {
            assertEquals(status, ErrorCode.forStatus(status).status(), "status " + status);
        }
        assertEquals(ErrorCode.SERVER_ERROR, ErrorCode.forStatus(502), "instance_unreachable is never a default");
    }

    @Test
    void theExceptionCarriesTheCodeAndItsStatus() {
        ApiException e = new ApiException(ErrorCode.INSTANCE_NOT_READY, "stopped");
        assertEquals(409, e.status());
        assertEquals("instance_not_ready", e.code());
        assertEquals(ErrorCode.INSTANCE_NOT_READY, e.errorCode());
        ApiException withHeader =
                ApiException.unauthenticated("no").withHeaders(java.util.Map.of("WWW-Authenticate", "Bearer"));
        assertEquals(401, withHeader.status());
        assertEquals("Bearer", withHeader.headers().get("WWW-Authenticate"));
    }
}
