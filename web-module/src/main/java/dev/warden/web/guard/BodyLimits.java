package dev.warden.web.guard;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Request body size limits by route (docs/configuration.md, "Request limits"), in bytes:
 *
 * <ul>
 *   <li>{@code /admin-api/auth/*} (sign-in, bootstrap, password reset) and {@code /game-api/v1/auth/*} (player
 *       sign-in and registration): {@code warden.limits.body.auth-bytes},
 *       default 4,096;</li>
 *   <li>{@code /admin-api/:resource/_import} (a file, streamed to the import, never buffered here):
 *       {@code warden.jobs.max-import-bytes}, default 104,857,600 (the import counts the bytes it reads too);</li>
 *   <li>other {@code /admin-api} routes: {@code warden.limits.body.admin-bytes}, default 1,048,576;</li>
 *   <li>{@code /api/v1} (read-only): {@code warden.limits.body.hosting-bytes}, default 16,384;</li>
 *   <li>{@code /agent/v1}: {@code warden.limits.body.agent-bytes}, default 262,144.</li>
 * </ul>
 */
@ApplicationScoped
public class BodyLimits {

    @Inject
    @ConfigProperty(name = "warden.limits.body.auth-bytes", defaultValue = "4096")
    long auth;

    @Inject
    @ConfigProperty(name = "warden.limits.body.admin-bytes", defaultValue = "1048576")
    long admin;

    @Inject
    @ConfigProperty(name = "warden.jobs.max-import-bytes", defaultValue = "104857600")
    long importFile;

    @Inject
    @ConfigProperty(name = "warden.limits.body.hosting-bytes", defaultValue = "16384")
    long hosting;

    @Inject
    @ConfigProperty(name = "warden.limits.body.agent-bytes", defaultValue = "262144")
    long agent;

    /** The limit for a path relative to the context root (e.g. {@code /admin-api/auth/login}). */
    public long limitFor(String path) {
        if (path.startsWith("/admin-api/auth/")
                || path.equals("/admin-api/auth")
                || path.startsWith("/game-api/v1/auth")) {
            return auth;
        }
        if (streamed(path)) {
            return importFile;
        }
        if (path.startsWith("/admin-api")) {
            return admin;
        }
        if (path.startsWith("/agent/v1")) {
            return agent;
        }
        return hosting;
    }

    /** True for an import's path ({@code /admin-api/<key>/_import}): its body is streamed, not buffered and checked. */
    public static boolean streamed(String path) {
        return path.startsWith("/admin-api/")
                && path.endsWith("/_import")
                && path.indexOf('/', 11) == path.length() - 8;
    }
}
