package dev.warden.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class TrustedProxiesTest {

    @Test
    void withoutTrustedProxiesTheHeaderIsIgnored() {
        assertEquals("127.0.0.1", TrustedProxies.parse("").clientIp("127.0.0.1", "203.0.113.7"));
        assertEquals("127.0.0.1", TrustedProxies.parse(null).clientIp("127.0.0.1", "203.0.113.7"));
    }

    @Test
    void aTrustedPeerForwardsTheClient() {
        TrustedProxies p = TrustedProxies.parse("127.0.0.1, 10.0.0.0/8");
        assertEquals("203.0.113.7", p.clientIp("127.0.0.1", "203.0.113.7"));
        assertEquals(
                "203.0.113.7",
                p.clientIp("127.0.0.1", "198.51.100.1, 203.0.113.7, 10.1.2.3"),
                "read from the right, trusted hops skipped; a spoofed left-most entry is not believed");
        assertEquals(
                "198.51.100.9", p.clientIp("198.51.100.9", "203.0.113.7"), "an untrusted peer's header is ignored");
        assertEquals("10.1.2.3", p.clientIp("127.0.0.1", "evil.example, 10.1.2.3"), "garbage stops the walk");
        assertEquals("127.0.0.1", p.clientIp("127.0.0.1", null));
    }

    @Test
    void rangesAndIpv6() {
        TrustedProxies p = TrustedProxies.parse("192.168.0.0/16,::1,fd00::/8");
        assertTrue(p.trusts("192.168.44.2"));
        assertFalse(p.trusts("192.169.0.1"));
        assertTrue(p.trusts("0:0:0:0:0:0:0:1"));
        assertTrue(p.trusts("fd12:3456::1"));
        assertFalse(p.trusts("fe80::1"));
        assertFalse(p.trusts("999.1.1.1"));
        assertFalse(p.trusts("localhost"));
        assertEquals("2001:db8::5", p.clientIp("::1", "2001:db8::5"));
    }

    @Test
    void aBadEntryIsNamed() {
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> TrustedProxies.parse("127.0.0.1, proxy.internal"));
        assertTrue(e.getMessage().contains("proxy.internal") && e.getMessage().contains("WARDEN_TRUSTED_PROXIES"));
        assertThrows(IllegalArgumentException.class, () -> TrustedProxies.parse("10.0.0.0/33"));
    }
}
