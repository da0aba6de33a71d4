package dev.warden.auth;

import dev.warden.common.ApiException;

/**
 * The answer of a session check ({@link Sessions#check}): the operator behind a live session, or why the session is
 * refused. A verdict rather than an exception because the check runs outside a container transaction (one round
 * trip), and an application exception thrown out of such an EJB method after a statement makes
 * Open Liberty roll back its local transaction with a {@code WLTC0017E} line at ERROR; the caller throws instead.
 *
 * @param operator the operator, or null when refused
 * @param refusal  the 401 message when refused, else null
 */
public record SessionVerdict(Operator operator, String refusal) {

    /** A live session's verdict. */
    static SessionVerdict of(Operator operator) {
        return new SessionVerdict(operator, null);
    }

    /** A refusal with its 401 message. */
    static SessionVerdict refused(String message) {
        return new SessionVerdict(null, message);
    }

    /**
     * The operator.
     *
     * @throws ApiException 401 {@code unauthenticated} with {@link #refusal} when the session was refused
     */
    public Operator orThrow() {
        if (operator == null) {
            throw ApiException.unauthenticated(refusal);
        }
        return operator;
    }
}
