package dev.warden.auth;

import dev.warden.common.ApiException;

/**
 * The answer of a session check ({@link Sessions#check}): the operator behind a live session, or why the session is
 * refused. A verdict rather than an exception because the check runs outside a container transaction (one round
 * trip), and an application exception thrown out of such an EJB method after a statement makes
 * Open Liberty roll back its local transaction with a {@code WLTC0017E} line at ERROR; the caller throws instead.
 *
 * <p>The second-factor state (docs/security.md, "Second factors and step-up") travels with it: whether the operator's
 * role must hold a factor they do not hold yet ({@code enrollmentDue}: every route but the enrolment ones answers 403
 * {@code mfa_enrollment_required}), and whether the step-up routes must first see a factor proved again
 * ({@code stepUpDue}: 401 {@code step_up_required}).
 *
 * @param operator      the operator, or null when refused
 * @param refusal       the 401 message when refused, else null
 * @param enrollmentDue the operator's role requires a second factor and they hold none
 * @param stepUpDue     the operator holds a factor and the session has not proved one within the step-up window
 */
public record SessionVerdict(Operator operator, String refusal, boolean enrollmentDue, boolean stepUpDue) {

    /** A live session's verdict with no second-factor demand. */
    public static SessionVerdict of(Operator operator) {
        return new SessionVerdict(operator, null, false, false);
    }

    /** A live session's verdict with its second-factor state. */
    public static SessionVerdict of(Operator operator, boolean enrollmentDue, boolean stepUpDue) {
        return new SessionVerdict(operator, null, enrollmentDue, stepUpDue);
    }

    /** A refusal with its 401 message. */
    static SessionVerdict refused(String message) {
        return new SessionVerdict(null, message, false, false);
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
