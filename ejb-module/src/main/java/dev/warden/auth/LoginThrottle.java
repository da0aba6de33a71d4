package dev.warden.auth;

import dev.warden.common.ApiException;
import dev.warden.common.ErrorCode;
import dev.warden.common.WindowCounters;
import dev.warden.common.WindowCounters.Count;
import dev.warden.common.sql.Sql;
import jakarta.annotation.Resource;
import jakarta.ejb.EJB;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import javax.sql.DataSource;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Sign-in throttling (docs/security.md, "Sign-in throttling"): 429 after repeated failures, counted per email and
 * client address pair, per client address, and per email across all addresses. Every attempt takes a slot in the
 * fixed-window counters ({@link WindowCounters}) before the password is checked, in one SQL statement that counts
 * and checks, so 200 parallel attempts for one email let at most the limit through; a successful sign-in gives its
 * slots back. Failures are also kept as rows of {@code warden_login_failures} (history for operators).
 *
 * <p>The tight limit is per pair, so failures from one address never lock out the owner signing in from another;
 * the per-email limit across addresses is a high ceiling against guessing spread over many addresses.
 *
 * <p>Config: {@code warden.login.max-failures-per-email-and-address} (default 5),
 * {@code warden.login.max-failures-per-ip} (default 20) and {@code warden.login.max-failures-per-email} (default 50,
 * all addresses together) within {@code warden.login.window-minutes} (default 15), a window that starts at the
 * first counted attempt.
 */
@Stateless
@TransactionAttribute(TransactionAttributeType.REQUIRES_NEW)
public class LoginThrottle {

    @Resource(lookup = Sql.DATA_SOURCE)
    DataSource dataSource;

    @EJB
    WindowCounters counters;

    @Inject
    @ConfigProperty(name = "warden.login.max-failures-per-email-and-address", defaultValue = "5")
    int perPair;

    @Inject
    @ConfigProperty(name = "warden.login.max-failures-per-email", defaultValue = "50")
    int perEmail;

    @Inject
    @ConfigProperty(name = "warden.login.max-failures-per-ip", defaultValue = "20")
    int perIp;

    @Inject
    @ConfigProperty(name = "warden.login.window-minutes", defaultValue = "15")
    int windowMinutes;

    /** Counter key of an email (lower case, at most 320 characters). */
    static String emailKey(String email) {
        String e = email.strip().toLowerCase(Locale.ROOT);
        return "login-email:" + (e.length() > 320 ? e.substring(0, 320) : e);
    }

    /** Counter key of an email and client address pair ({@code ip} null: an unknown address). */
    static String pairKey(String email, String ip) {
        return "login-pair:" + (ip == null ? "-" : ip) + " " + emailKey(email).substring("login-email:".length());
    }

    /** Counter key of a client address. */
    static String ipKey(String ip) {
        return "login-ip:" + ip;
    }

    /**
     * Counts a sign-in attempt for the email and address pair, the address and the email, and refuses it when any
     * is over its limit (the count and the check are one statement).
     *
     * @throws ApiException 429 {@code rate_limited} with {@code Retry-After} (seconds until the window ends)
     */
    public void check(String email, String ip) {
        // the pair and the address first: an attempt they refuse never counts against the email across addresses,
        // so one address hammering an account cannot use up the owner's ceiling
        List<String> local = new ArrayList<>(List.of(pairKey(email, ip)));
        if (ip != null) {
            local.add(ipKey(ip));
        }
        Map<String, Count> counts = counters.hit(local, windowMinutes * 60L);
        long retry = over(counts.get(pairKey(email, ip)), perPair);
        if (ip != null) {
            retry = Math.max(retry, over(counts.get(ipKey(ip)), perIp));
        }
        if (retry == 0) {
            retry = over(
                    counters.hit(List.of(emailKey(email)), windowMinutes * 60L).get(emailKey(email)), perEmail);
        }
        if (retry > 0) {
            throw new ApiException(
                    ErrorCode.RATE_LIMITED,
                    "Too many failed sign-ins; try again later",
                    Map.of(),
                    Map.of("Retry-After", Long.toString(retry)));
        }
    }

    /** Seconds until {@code count}'s window ends when it is over {@code limit}, else 0. */
    private static long over(Count count, int limit) {
        return count.hits() > limit ? Math.max(1, count.retryAfterSeconds()) : 0;
    }

    /**
     * Records a failed sign-in in {@code warden_login_failures} (its slot was taken by {@link #check}) and drops
     * stale rows; in its own transaction, so the 401's rollback keeps it.
     */
    public void recordFailure(String email, String ip) {
        Sql.with(dataSource, "Recording a failed sign-in", c -> {
            Sql.update(
                    c,
                    "INSERT INTO warden_login_failures (email, ip) VALUES (?, ?)",
                    email.length() > 320 ? email.substring(0, 320) : email,
                    ip);
            return Sql.update(
                    c,
                    "DELETE FROM warden_login_failures WHERE created_at < now() - make_interval(mins => ?)",
                    windowMinutes);
        });
    }

    /** Forgets the email's failures after a successful sign-in from {@code ip} and gives the address its slot back. */
    public void clear(String email, String ip) {
        counters.reset(pairKey(email, ip));
        counters.reset(emailKey(email));
        if (ip != null) {
            counters.release(ipKey(ip));
        }
        Sql.update(
                dataSource,
                "Clearing sign-in failures",
                "DELETE FROM warden_login_failures WHERE lower(email) = lower(?)",
                email);
    }
}
