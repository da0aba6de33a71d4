package dev.warden.auth;

import dev.warden.common.ApiException;
import dev.warden.common.ErrorCode;
import dev.warden.common.WindowCounters;
import dev.warden.common.WindowCounters.Count;
import jakarta.ejb.EJB;
import jakarta.ejb.Stateless;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Limits on {@code POST /admin-api/auth/password-reset}: requests are counted per email
 * (whether or not it belongs to an account, so the answer reveals nothing) and per client address, and only the
 * newest reset token of a user is valid.
 *
 * <p>Config: {@code warden.password-reset.max-per-email} (default 3) and {@code warden.password-reset.max-per-ip}
 * (default 10) within {@code warden.password-reset.window-minutes} (default 60).
 */
@Stateless
public class PasswordResetLimits {

    @PersistenceContext(unitName = "warden")
    EntityManager em;

    @EJB
    WindowCounters counters;

    @Inject
    @ConfigProperty(name = "warden.password-reset.max-per-email", defaultValue = "3")
    int perEmail;

    @Inject
    @ConfigProperty(name = "warden.password-reset.max-per-ip", defaultValue = "10")
    int perIp;

    @Inject
    @ConfigProperty(name = "warden.password-reset.window-minutes", defaultValue = "60")
    int windowMinutes;

    /**
     * Counts a reset request (in its own transaction) and refuses it when the email or the address is over its
     * limit.
     *
     * @throws ApiException 429 {@code rate_limited} with {@code Retry-After}
     */
    public void admit(String email, String ip) {
        String e = email.strip().toLowerCase(Locale.ROOT);
        String emailKey = "reset-email:" + (e.length() > 320 ? e.substring(0, 320) : e);
        List<String> keys = new ArrayList<>(List.of(emailKey));
        if (ip != null) {
            keys.add("reset-ip:" + ip);
        }
        Map<String, Count> counts = counters.hit(keys, windowMinutes * 60L);
        long retry = 0;
        if (counts.get(emailKey).hits() > perEmail) {
            retry = counts.get(emailKey).retryAfterSeconds();
        }
        if (ip != null && counts.get("reset-ip:" + ip).hits() > perIp) {
            retry = Math.max(retry, counts.get("reset-ip:" + ip).retryAfterSeconds());
        }
        if (retry > 0) {
            throw new ApiException(
                    ErrorCode.RATE_LIMITED,
                    "Too many password reset requests; try again later",
                    Map.of(),
                    Map.of("Retry-After", Long.toString(retry)));
        }
    }

    /**
     * Invalidates every unused reset token of {@code userId}, in the caller's transaction, before a new one is
     * stored: only the newest token works.
     */
    public void supersede(long userId) {
        em.createNativeQuery("DELETE FROM warden_password_resets WHERE user_id = ?1 AND used_at IS NULL")
                .setParameter(1, userId)
                .executeUpdate();
    }
}
