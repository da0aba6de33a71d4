package dev.warden.web.auth;

import dev.warden.auth.Operator;
import dev.warden.common.ApiException;
import jakarta.enterprise.context.RequestScoped;

/**
 * The operator of the current admin-api request, set by {@link SessionFilter} once the
 * {@code warden_session} cookie is checked.
 */
@RequestScoped
public class AdminSession {

    private Operator operator;

    /**
     * The signed-in operator.
     *
     * @throws ApiException 401 when the request is anonymous (a public route asked for it)
     */
    public Operator operator() {
        if (operator == null) {
            throw ApiException.unauthenticated("Sign in first");
        }
        return operator;
    }

    void set(Operator operator) {
        this.operator = operator;
    }
}
