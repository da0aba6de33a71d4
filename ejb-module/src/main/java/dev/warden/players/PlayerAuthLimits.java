package dev.warden.players;

import dev.warden.common.ApiException;
import dev.warden.common.ErrorCode;
import dev.warden.common.WindowCounters;
import dev.warden.common.WindowCounters.Count;
import jakarta.ejb.EJB;
import jakarta.ejb.Stateless;
import jakarta.inject.Inject;
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The request limit per client address on {@code POST /game-api/v1/auth/register} and {@code /login} together
 * every request counts, successful or not, in the shared fixed-window counters ({@link WindowCounters},
 * key {@code player-auth-ip:<address>}), so one address cannot mass-create accounts or spray sign-ins. The sign-in
 * failure throttle ({@code LoginThrottle}, per email and address) applies to login as well.
 *
 * <p>Config: {@code warden.players.auth-max-per-ip} (default 30) requests within
 * {@code warden.players.auth-window-seconds} (default 60); 0 or less turns the limit off.
 */
@Stateless
public class PlayerAuthLimits {

    @EJB
    WindowCounters counters;

    @Inject
    @ConfigProperty(name = "warden.players.auth-max-per-ip", defaultValue = "30")
    int perIp;

    @Inject
    @ConfigProperty(name = "warden.players.auth-window-seconds", defaultValue = "60")
    int windowSeconds;

    /**
     * Counts one register or login request from {@code ip} (in its own transaction; no-op without an address).
     *
     * @throws ApiException 429 {@code rate_limited} with {@code Retry-After} (seconds until the window ends)
     */
    public void admit(String ip) {
        if (ip == null || perIp <= 0) {
            return;
        }
        String key = "player-auth-ip:" + ip;
        Count count = counters.hit(List.of(key), Math.max(1, windowSeconds)).get(key);
        if (count.hits() > perIp) {
            throw new ApiException(
                    ErrorCode.RATE_LIMITED,
                    "Too many sign-in and registration requests from this " + "address; try again later",
                    Map.of(),
                    Map.of("Retry-After", Long.toString(count.retryAfterSeconds())));
        }
    }
}
