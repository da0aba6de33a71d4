package dev.warden.auth;

import dev.warden.common.Hashing;
import dev.warden.common.sql.Sql;
import jakarta.annotation.Resource;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.Optional;
import javax.sql.DataSource;

/**
 * WebAuthn challenges (docs/security.md, "Passkeys"): rows of {@code warden_mfa_pending} so that any node finishes a
 * ceremony, each bound to what asked for it by its row id ({@code webauthn-register:<session>},
 * {@code webauthn-signin:<pending sign-in>}, {@code webauthn-stepup:<session>}, {@code webauthn-login:<cookie hash>}),
 * 32 random bytes, {@value #SECONDS} s, one use. In transactions of their own: a challenge taken by a refused answer
 * stays taken when the refusal rolls back.
 */
@Stateless
@TransactionAttribute(TransactionAttributeType.REQUIRES_NEW)
public class PasskeyChallenges {

    /** How long a challenge lives, in seconds (also the ceremonies' timeout given to the browser). */
    public static final int SECONDS = 300;

    private static final SecureRandom RANDOM = new SecureRandom();

    @Resource(lookup = Sql.DATA_SOURCE)
    DataSource dataSource;

    /** A taken challenge and the user it was issued for (null for a passwordless sign-in). */
    public record Taken(byte[] challenge, Long userId) {}

    /**
     * Issues a new challenge under {@code id} (replacing an older one of the same binding).
     *
     * @return the challenge's bytes
     */
    public byte[] issue(String id, Long userId) {
        byte[] challenge = new byte[32];
        RANDOM.nextBytes(challenge);
        Sql.with(dataSource, "Issuing a passkey challenge", c -> {
            Sql.update(c, "DELETE FROM warden_mfa_pending WHERE expires_at < now()");
            return Sql.update(
                    c,
                    """
                    INSERT INTO warden_mfa_pending (id, kind, user_id, challenge, expires_at)
                    VALUES (?, ?, ?, ?, now() + make_interval(secs => ?))
                    ON CONFLICT (id) DO UPDATE SET challenge = EXCLUDED.challenge, user_id = EXCLUDED.user_id,
                        expires_at = EXCLUDED.expires_at, created_at = now()""",
                    id,
                    id.substring(0, id.indexOf(':')),
                    userId,
                    PasskeyOptions.base64url(challenge),
                    (double) SECONDS);
        });
        return challenge;
    }

    /** Takes the live challenge under {@code id} (deleting it: one use); empty when there is none. */
    public Optional<Taken> take(String id) {
        return Sql.first(
                dataSource,
                "Taking a passkey challenge",
                "DELETE FROM warden_mfa_pending WHERE id = ? AND challenge IS NOT NULL AND expires_at > now()"
                        + " RETURNING challenge, user_id",
                rs -> new Taken(Base64.getUrlDecoder().decode(rs.getString(1)), (Long) rs.getObject(2)),
                id);
    }

    /**
     * How many passwordless sign-ins are started and unexpired, counted up to {@code limit} (the count stops there:
     * bounded work however many there are).
     */
    public long liveLogins(int limit) {
        return Sql.first(
                        dataSource,
                        "Counting started passkey sign-ins",
                        "SELECT count(*) FROM (SELECT 1 FROM warden_mfa_pending WHERE kind = 'webauthn-login'"
                                + " AND expires_at > now() LIMIT ?) AS live",
                        rs -> rs.getLong(1),
                        limit)
                .orElse(0L);
    }

    /** The row id of a passwordless sign-in's challenge: bound to its cookie by the cookie's SHA-256. */
    static String loginId(String cookieValue) {
        return "webauthn-login:" + Hashing.sha256Hex(cookieValue);
    }
}
