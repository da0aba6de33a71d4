package dev.warden.auth;

import dev.warden.common.sql.Sql;
import jakarta.annotation.Resource;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import java.util.Optional;
import javax.sql.DataSource;

/**
 * The attempt counters of second-factor checks, in {@code warden_mfa_pending} so that every node sees the same count
 * (docs/security.md, "Second factors and step-up"): each attempt is counted before its code is checked, in a
 * transaction of its own, so a refused code's count survives the refusal's rollback and parallel attempts cannot
 * race past the limit.
 */
@Stateless
@TransactionAttribute(TransactionAttributeType.REQUIRES_NEW)
public class MfaAttempts {

    /** Attempts per pending sign-in, or per session and 5 minutes for step-up. */
    public static final int MAX_ATTEMPTS = 5;

    @Resource(lookup = Sql.DATA_SOURCE)
    DataSource dataSource;

    /** What counting an attempt of a pending sign-in found. */
    public enum Verdict {
        /** Counted; check the code. */
        COUNTED,
        /** No such pending sign-in (unknown, expired or finished). */
        UNKNOWN,
        /** The sign-in used up its attempts. */
        EXHAUSTED
    }

    /**
     * Counts an attempt of the pending sign-in {@code id}.
     *
     * @return the verdict and, when counted, the user id
     */
    public Counted countSignIn(String id) {
        Optional<Long> user = Sql.first(
                dataSource,
                "Counting a second-factor attempt",
                """
                UPDATE warden_mfa_pending SET failures = failures + 1
                WHERE id = ? AND kind = 'signin' AND expires_at > now() AND failures < ?
                RETURNING user_id""",
                rs -> rs.getLong(1),
                id,
                MAX_ATTEMPTS);
        if (user.isPresent()) {
            return new Counted(Verdict.COUNTED, user.get());
        }
        boolean exhausted = Sql.first(
                        dataSource,
                        "Reading a pending sign-in",
                        "SELECT 1 FROM warden_mfa_pending WHERE id = ? AND kind = 'signin' AND expires_at > now()",
                        rs -> rs.getInt(1),
                        id)
                .isPresent();
        return new Counted(exhausted ? Verdict.EXHAUSTED : Verdict.UNKNOWN, 0);
    }

    /**
     * Counts a step-up attempt of session {@code sessionId} (a window of 5 minutes from the first attempt).
     *
     * @return true while the session has attempts left (this one included)
     */
    public boolean countStepUp(String sessionId, long userId) {
        int count = Sql.first(
                        dataSource,
                        "Counting a step-up attempt",
                        """
                        INSERT INTO warden_mfa_pending (id, kind, user_id, failures, expires_at)
                        VALUES (?, 'stepup', ?, 1, now() + interval '5 minutes')
                        ON CONFLICT (id) DO UPDATE SET
                            failures = CASE WHEN warden_mfa_pending.expires_at <= now() THEN 1
                                            ELSE warden_mfa_pending.failures + 1 END,
                            expires_at = CASE WHEN warden_mfa_pending.expires_at <= now()
                                              THEN now() + interval '5 minutes'
                                              ELSE warden_mfa_pending.expires_at END
                        RETURNING failures""",
                        rs -> rs.getInt(1),
                        "stepup:" + sessionId,
                        userId)
                .orElse(MAX_ATTEMPTS + 1);
        return count <= MAX_ATTEMPTS;
    }

    /**
     * A counted attempt.
     *
     * @param verdict what the count found
     * @param userId  the pending sign-in's user when counted, else 0
     */
    public record Counted(Verdict verdict, long userId) {}
}
