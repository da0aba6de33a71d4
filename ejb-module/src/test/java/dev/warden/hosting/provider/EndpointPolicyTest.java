package dev.warden.hosting.provider;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.util.Set;
import org.junit.jupiter.api.Test;

class EndpointPolicyTest {

    private final EndpointPolicy strict = new EndpointPolicy(Set.of("https", "http"), false, false);

    @Test
    void loopbackAndLinkLocalAreRefusedUnlessAllowed() {
        for (String url : new String[] {
            "http://127.0.0.1:9080/agents/1",
            "http://127.1.2.3/",
            "http://[::1]/",
            "http://0.0.0.0/",
            "http://[::ffff:127.0.0.1]/"
        }) {
            ProviderUnavailableException e =
                    assertThrows(ProviderUnavailableException.class, () -> strict.check(URI.create(url)), url);
            assertTrue(e.getMessage().contains("loopback"), e.getMessage());
        }
        for (String url : new String[] {"http://169.254.169.254/latest/meta-data", "http://[fe80::1]/"}) {
            ProviderUnavailableException e =
                    assertThrows(ProviderUnavailableException.class, () -> strict.check(URI.create(url)), url);
            assertTrue(e.getMessage().contains("link-local"), e.getMessage());
        }
        assertDoesNotThrow(
                () -> new EndpointPolicy(Set.of("http"), true, false).check(URI.create("http://127.0.0.1/")));
        assertDoesNotThrow(
                () -> new EndpointPolicy(Set.of("http"), false, true).check(URI.create("http://169.254.1.1/")));
        assertDoesNotThrow(() -> strict.check(URI.create("https://203.0.113.7/agent")));
    }

    @Test
    void onlyTheAllowedSchemes() {
        assertThrows(ProviderUnavailableException.class, () -> strict.check(URI.create("ftp://203.0.113.7/")));
        assertThrows(ProviderUnavailableException.class, () -> new EndpointPolicy(Set.of("https"), false, false)
                .check(URI.create("http://203.0.113.7/")));
    }
}
