package dev.warden.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.warden.it.support.Api;
import dev.warden.it.support.SharedDeployment;
import dev.warden.it.support.TestDb;
import io.restassured.http.ContentType;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * with no trusted proxy configured (the default), {@code X-Forwarded-For} is ignored: the audit
 * row of a sign-in records the socket's peer (loopback here), not the address a client wrote in the header.
 * {@link TrustedProxyIT} covers the configured case.
 */
@SharedDeployment
class ForwardedForIgnoredIT {

    /** Signs in (and fails) with a spoofed header; the audited ip of that attempt. */
    static String auditedIpOfFailedLogin(String forwardedFor) throws SQLException {
        String agent = "forwarded-for " + TestDb.unique();
        Api.anonymous()
                .header("User-Agent", agent)
                .header("X-Forwarded-For", forwardedFor)
                .contentType(ContentType.JSON)
                .body(Map.of("email", "nobody-" + TestDb.unique() + "@example.com", "password", "wrong password 1"))
                .post("/admin-api/auth/login")
                .then()
                .statusCode(401);
        List<String> ips =
                TestDb.column("SELECT payload->>'ip' FROM warden_admin_audit WHERE payload->>'userAgent' = ?", agent);
        assertEquals(1, ips.size(), "one audit row for the failed sign-in");
        return ips.get(0);
    }

    static boolean loopback(String ip) {
        return ip.equals("127.0.0.1") || ip.equals("0:0:0:0:0:0:0:1") || ip.equals("::1");
    }

    @Test
    void theHeaderIsIgnoredWithoutTrustedProxies() throws Exception {
        String ip = auditedIpOfFailedLogin("203.0.113.77");
        assertTrue(loopback(ip), "the peer, not the header: " + ip);
    }
}
