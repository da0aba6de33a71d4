package dev.warden.auth;

import dev.warden.common.ApiException;
import jakarta.annotation.Resource;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.inject.ConfigProperty;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Map;

/**
 * Sign-in throttling per email and per client address (DESIGN.md section 3, "Auth": 429 after repeated
 * failures). Failures are rows of {@code warden_login_failures}, so the limit holds across nodes and restarts.
 *
 * <p>Config: {@code warden.login.max-failures-per-email} (default 5) and {@code warden.login.max-failures-per-ip}
 * (default 20) within {@code warden.login.window-minutes} (default 15). A successful sign-in clears the
 * email's failures.
 */
@Stateless
@TransactionAttribute(TransactionAttributeType.REQUIRES_NEW)
public class LoginThrottle {

    @Resource(lookup = "jdbc/warden")
    DataSource dataSource;

    @Inject
    @ConfigProperty(name = "warden.login.max-failures-per-email", defaultValue = "5")
    int perEmail;

    @Inject
    @ConfigProperty(name = "warden.login.max-failures-per-ip", defaultValue = "20")
    int perIp;

    @Inject
    @ConfigProperty(name = "warden.login.window-minutes", defaultValue = "15")
    int windowMinutes;

    /**
     * Refuses a sign-in attempt when the email or the address has too many recent failures.
     *
     * @throws ApiException 429 {@code rate_limited} with {@code Retry-After} (seconds until the oldest counted
     *                      failure leaves the window)
     */
    public void check(String email, String ip) {
        String sql = """
                SELECT count(*) FILTER (WHERE lower(email) = lower(?)),
                       count(*) FILTER (WHERE ip = ?),
                       ceil(extract(epoch FROM min(created_at) FILTER (WHERE lower(email) = lower(?))
                            + make_interval(mins => ?) - now())),
                       ceil(extract(epoch FROM min(created_at) FILTER (WHERE ip = ?) + make_interval(mins => ?) - now()))
                FROM warden_login_failures
                WHERE created_at > now() - make_interval(mins => ?) AND (lower(email) = lower(?) OR ip = ?)""";
        try (Connection c = dataSource.getConnection(); PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setString(1, email);
            ps.setString(2, ip);
            ps.setString(3, email);
            ps.setInt(4, windowMinutes);
            ps.setString(5, ip);
            ps.setInt(6, windowMinutes);
            ps.setInt(7, windowMinutes);
            ps.setString(8, email);
            ps.setString(9, ip);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                boolean emailLimited = rs.getLong(1) >= perEmail;
                boolean ipLimited = ip != null && rs.getLong(2) >= perIp;
                long retry = Math.max(emailLimited ? rs.getLong(3) : 0, ipLimited ? rs.getLong(4) : 0);
                if (emailLimited || ipLimited) {
                    throw new ApiException(429, "rate_limited", "Too many failed sign-ins; try again later",
                            Map.of(), Map.of("Retry-After", Long.toString(Math.max(1, retry))));
                }
            }
        } catch (SQLException e) {
            throw new IllegalStateException("Login throttle check failed: " + e.getMessage(), e);
        }
    }

    /** Records a failed sign-in (in its own transaction, so the 401's rollback keeps it) and drops stale rows. */
    public void recordFailure(String email, String ip) {
        try (Connection c = dataSource.getConnection()) {
            try (PreparedStatement ps = c.prepareStatement("INSERT INTO warden_login_failures (email, ip) VALUES (?, ?)")) {
                ps.setString(1, email.length() > 320 ? email.substring(0, 320) : email);
                ps.setString(2, ip);
                ps.executeUpdate();
            }
            try (PreparedStatement ps = c.prepareStatement(
                    "DELETE FROM warden_login_failures WHERE created_at < now() - make_interval(mins => ?)")) {
                ps.setInt(1, windowMinutes);
                ps.executeUpdate();
            }
        } catch (SQLException e) {
            throw new IllegalStateException("Recording a failed sign-in failed: " + e.getMessage(), e);
        }
    }

    /** Forgets the email's failures after a successful sign-in. */
    public void clear(String email) {
        try (Connection c = dataSource.getConnection();
             PreparedStatement ps = c.prepareStatement("DELETE FROM warden_login_failures WHERE lower(email) = lower(?)")) {
            ps.setString(1, email);
            ps.executeUpdate();
        } catch (SQLException e) {
            throw new IllegalStateException("Clearing sign-in failures failed: " + e.getMessage(), e);
        }
    }
}
