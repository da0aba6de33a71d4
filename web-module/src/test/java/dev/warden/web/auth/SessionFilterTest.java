package dev.warden.web.auth;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.ws.rs.container.ContainerRequestContext;
import java.lang.reflect.Proxy;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Unit tests for {@link SessionFilter#isCrossSite}: the Origin / Sec-Fetch-Site cross-site check. */
class SessionFilterTest {

    /**
     * A request that answers {@code getHeaderString} from {@code namesAndValues} (case-insensitive names, like
     * JAX-RS) and fails on anything else.
     */
    private static ContainerRequestContext request(String... namesAndValues) {
        Map<String, String> headers = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        for (int i = 0; i < namesAndValues.length; i += 2) {
            headers.put(namesAndValues[i], namesAndValues[i + 1]);
        }
        return (ContainerRequestContext) Proxy.newProxyInstance(
                SessionFilterTest.class.getClassLoader(),
                new Class<?>[] {ContainerRequestContext.class},
                (proxy, method, args) -> {
                    switch (method.getName()) {
                        case "getHeaderString":
                            return headers.get((String) args[0]);
                        case "toString":
                            return "request" + headers;
                        case "hashCode":
                            return System.identityHashCode(proxy);
                        case "equals":
                            return proxy == args[0];
                        default:
                            throw new UnsupportedOperationException(method.getName());
                    }
                });
    }

    private static boolean crossSite(String... namesAndValues) {
        return SessionFilter.isCrossSite(request(namesAndValues));
    }

    // --- no Origin ------------------------------------------------------------------------------------

    @Test
    void noHeadersIsNotCrossSite() {
        assertFalse(crossSite());
    }

    @Test
    void noOriginIsNotCrossSite() {
        assertFalse(crossSite("Host", "warden.example.com"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "   "})
    void blankOriginIsNotCrossSite(String origin) {
        assertFalse(crossSite("Origin", origin, "Host", "warden.example.com"));
    }

    // --- Origin vs Host -------------------------------------------------------------------------------

    @ParameterizedTest
    @CsvSource({
        "http://localhost:8080, localhost:8080",
        "https://warden.example.com, warden.example.com",
        "https://Warden.Example.COM, warden.example.com",
        "https://warden.example.com, WARDEN.EXAMPLE.COM",
        "http://127.0.0.1:9080, 127.0.0.1:9080",
        "http://[::1]:8080, [::1]:8080",
        "https://warden.example.com/, warden.example.com"
    })
    void sameHostIsNotCrossSite(String origin, String host) {
        assertFalse(crossSite("Origin", origin, "Host", host));
    }

    @ParameterizedTest
    @CsvSource({
        "https://evil.example.net, warden.example.com",
        "https://evil.warden.example.com, warden.example.com",
        "https://warden.example.com.evil.net, warden.example.com",
        "https://example.com, warden.example.com",
        "http://localhost:3000, localhost:8080",
        "http://localhost:8080, localhost",
        "http://localhost, localhost:8080",
        "http://127.0.0.1:8080, localhost:8080"
    })
    void otherHostOrPortIsCrossSite(String origin, String host) {
        assertTrue(crossSite("Origin", origin, "Host", host));
    }

    @ParameterizedTest
    @CsvSource({"http://h:80, h", "http://h, h:80", "https://h:443, h", "https://h, h:443", "HTTPS://h:443, h"})
    void defaultPortsMatchHostsWithoutPort(String origin, String host) {
        assertFalse(crossSite("Origin", origin, "Host", host));
    }

    @ParameterizedTest
    @CsvSource({"http://h:443, h", "https://h:80, h", "http://h, h:443", "https://h, h:80"})
    void otherSchemesDefaultPortDoesNotMatch(String origin, String host) {
        assertTrue(crossSite("Origin", origin, "Host", host));
    }

    @Test
    void nullOriginIsCrossSite() {
        assertTrue(crossSite("Origin", "null", "Host", "warden.example.com"));
    }

    @Test
    void originWithoutHostHeaderIsCrossSite() {
        assertTrue(crossSite("Origin", "https://warden.example.com"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"file:///etc/passwd", "http://exa mple.com", "://", "not a url", "http://"})
    void originWithoutUsableHostIsCrossSite(String origin) {
        assertTrue(crossSite("Origin", origin, "Host", "warden.example.com"));
    }

    @Test
    void headerNamesAreCaseInsensitive() {
        assertTrue(crossSite("origin", "https://evil.example.net", "host", "warden.example.com"));
        assertTrue(crossSite("sec-fetch-site", "cross-site"));
    }

    // --- Sec-Fetch-Site -------------------------------------------------------------------------------

    @ParameterizedTest
    @ValueSource(strings = {"cross-site", "Cross-Site", "CROSS-SITE"})
    void secFetchSiteCrossSiteIsCrossSiteEvenWithoutOrigin(String value) {
        assertTrue(crossSite("Sec-Fetch-Site", value));
        assertTrue(crossSite("Sec-Fetch-Site", value, "Host", "h"));
    }

    @Test
    void secFetchSiteCrossSiteWinsOverSameHostOrigin() {
        assertTrue(crossSite("Sec-Fetch-Site", "cross-site", "Origin", "http://h", "Host", "h"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"same-origin", "same-site", "none"})
    void otherSecFetchSiteValuesAreNotCrossSiteByThemselves(String value) {
        assertFalse(crossSite("Sec-Fetch-Site", value));
        assertFalse(crossSite("Sec-Fetch-Site", value, "Origin", "http://h:8080", "Host", "h:8080"));
    }

    @Test
    void sameOriginFetchSiteDoesNotExcuseAForeignOrigin() {
        assertTrue(crossSite("Sec-Fetch-Site", "same-origin", "Origin", "https://evil.example.net", "Host", "h"));
    }
}
