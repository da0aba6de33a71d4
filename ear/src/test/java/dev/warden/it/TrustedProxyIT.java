package dev.warden.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.warden.it.support.SharedDeployment;
import dev.warden.it.support.SharedDeployment.Ear;
import org.junit.jupiter.api.Test;

/**
 * with loopback configured as a trusted proxy ({@code warden.trusted-proxies}, the MicroProfile
 * Config key behind {@code WARDEN_TRUSTED_PROXIES}, set in the shared
 * {@code Ear.WARDEN_WITH_ROOMS_CONFIG} only), the audit row records the client
 * that {@code X-Forwarded-For} names, read from the right past trusted hops; a header naming no address leaves the
 * peer. {@link ForwardedForIgnoredIT} covers the default (ignored).
 */
@SharedDeployment(Ear.WARDEN_WITH_ROOMS_CONFIG)
class TrustedProxyIT {

    @Test
    void theHeaderNamesTheClientWhenThePeerIsTrusted() throws Exception {
        assertEquals("203.0.113.77", ForwardedForIgnoredIT.auditedIpOfFailedLogin("203.0.113.77"));
        assertEquals(
                "203.0.113.78",
                ForwardedForIgnoredIT.auditedIpOfFailedLogin("198.51.100.1, 203.0.113.78, 127.0.0.1"),
                "the right-most untrusted hop; the left-most entry is the client's own claim");
        assertTrue(ForwardedForIgnoredIT.loopback(ForwardedForIgnoredIT.auditedIpOfFailedLogin("not-an-address")));
    }
}
