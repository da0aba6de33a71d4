package dev.warden.auth;

import static dev.warden.common.JsonSupport.JSON;

import dev.warden.common.ApiException;
import dev.warden.common.sql.Sql;
import dev.warden.panel.audit.AuditRecord;
import dev.warden.panel.audit.AuditTrail;
import dev.warden.panel.users.model.User;
import jakarta.annotation.Resource;
import jakarta.ejb.EJB;
import jakarta.ejb.Stateless;
import jakarta.inject.Inject;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.util.ArrayList;
import java.util.List;
import javax.sql.DataSource;

/**
 * What second factors an operator holds, and an admin's reset of another operator's factors (docs/security.md,
 * "Second factors and step-up"). Enrolment is {@link FactorEnrolment} (TOTP, recovery codes), the checks of a code
 * and the second step of sign-in {@link FactorChecks}, step-up {@link StepUp}.
 *
 * <p>Audit: {@code auth.mfa_reset} on resource {@code users} with the target's id (never a secret or a code).
 */
@Stateless
public class SecondFactors {

    @PersistenceContext(unitName = "warden")
    EntityManager em;

    @Resource(lookup = Sql.DATA_SOURCE)
    DataSource dataSource;

    @EJB
    Sessions sessions;

    @Inject
    AuditTrail trail;

    /**
     * The methods {@code userId} can answer a second step with, in the order {@code totp}, {@code webauthn},
     * {@code recovery}; empty when the user holds no factor (a password then signs in at once).
     */
    public List<String> methods(long userId) {
        return Sql.first(
                        dataSource,
                        "Reading second factors",
                        """
                        SELECT EXISTS (SELECT 1 FROM warden_mfa_totp WHERE user_id = ? AND confirmed),
                               EXISTS (SELECT 1 FROM warden_mfa_passkeys WHERE user_id = ?),
                               EXISTS (SELECT 1 FROM warden_mfa_recovery_codes WHERE user_id = ? AND used_at IS NULL)""",
                        rs -> {
                            List<String> methods = new ArrayList<>();
                            if (rs.getBoolean(1)) {
                                methods.add("totp");
                            }
                            if (rs.getBoolean(2)) {
                                methods.add("webauthn");
                            }
                            if (!methods.isEmpty() && rs.getBoolean(3)) {
                                methods.add("recovery");
                            }
                            return methods;
                        },
                        userId,
                        userId,
                        userId)
                .orElse(List.of());
    }

    /**
     * {@code GET /auth/mfa}: {@code {totp, passkeys: [{id, name, created_at, last_used_at}], recovery_codes_left}}.
     */
    public JsonObject status(Operator operator) {
        return status(operator.userId());
    }

    /** {@link #status(Operator)} of any user (the users page, for admins: {@link #statusOf}). */
    JsonObject status(long userId) {
        boolean totp = Sql.first(
                        dataSource,
                        "Reading TOTP",
                        "SELECT confirmed FROM warden_mfa_totp WHERE user_id = ?",
                        rs -> rs.getBoolean(1),
                        userId)
                .orElse(false);
        JsonArrayBuilder passkeys = JSON.createArrayBuilder();
        Sql.list(
                        dataSource,
                        "Listing passkeys",
                        """
                        SELECT id, name, created_at, last_used_at FROM warden_mfa_passkeys WHERE user_id = ?
                        ORDER BY id""",
                        rs -> {
                            var p = JSON.createObjectBuilder()
                                    .add("id", rs.getLong(1))
                                    .add("name", rs.getString(2))
                                    .add(
                                            "created_at",
                                            rs.getObject(3, java.time.OffsetDateTime.class)
                                                    .toInstant()
                                                    .toString());
                            java.time.OffsetDateTime used = rs.getObject(4, java.time.OffsetDateTime.class);
                            if (used == null) {
                                p.addNull("last_used_at");
                            } else {
                                p.add("last_used_at", used.toInstant().toString());
                            }
                            return p.build();
                        },
                        userId)
                .forEach(passkeys::add);
        int left = Sql.first(
                        dataSource,
                        "Counting recovery codes",
                        "SELECT count(*) FROM warden_mfa_recovery_codes WHERE user_id = ? AND used_at IS NULL",
                        rs -> rs.getInt(1),
                        userId)
                .orElse(0);
        return JSON.createObjectBuilder()
                .add("totp", totp)
                .add("passkeys", passkeys)
                .add("recovery_codes_left", left)
                .build();
    }

    /**
     * An admin's view of user {@code id}'s factors (the users page): as {@link #status(Operator)}.
     *
     * @throws ApiException 403 unless the caller is an admin; 404 for an unknown user
     */
    public JsonObject statusOf(Operator operator, String id) {
        requireAdmin(operator);
        return status(userId(id));
    }

    /**
     * {@code POST /users/:id/mfa-reset}: clears user {@code id}'s factors and recovery codes and ends every session of
     * theirs. Audited {@code auth.mfa_reset} on resource {@code users}.
     *
     * @return the number of factors removed (TOTP and passkeys)
     * @throws ApiException 403 unless the caller is an admin, or for the caller's own account (use the Security
     *                      page); 404 for an unknown user
     */
    public int reset(Operator operator, String id, String ip, String userAgent) {
        requireAdmin(operator);
        long userId = userId(id);
        if (userId == operator.userId()) {
            throw ApiException.forbidden("Manage your own factors on the Security page");
        }
        int removed = resetFactors(userId);
        User user = em.find(User.class, userId);
        sessions.endAll(user);
        trail.afterCommit(new AuditRecord(
                operator.userId(),
                "auth.mfa_reset",
                "users",
                String.valueOf(userId),
                JSON.createObjectBuilder()
                        .add("factorsRemoved", removed)
                        .add("ip", ip == null ? "" : ip)
                        .add("userAgent", userAgent == null ? "" : userAgent)
                        .build()));
        return removed;
    }

    /** Deletes every factor, recovery code and pending row of {@code userId}; the number of factors removed. */
    public int resetFactors(long userId) {
        return Sql.with(dataSource, "Resetting second factors", c -> {
            int removed = Sql.update(c, "DELETE FROM warden_mfa_totp WHERE user_id = ? AND confirmed", userId);
            Sql.update(c, "DELETE FROM warden_mfa_totp WHERE user_id = ?", userId);
            removed += Sql.update(c, "DELETE FROM warden_mfa_passkeys WHERE user_id = ?", userId);
            Sql.update(c, "DELETE FROM warden_mfa_recovery_codes WHERE user_id = ?", userId);
            Sql.update(c, "DELETE FROM warden_mfa_pending WHERE user_id = ?", userId);
            return removed;
        });
    }

    private static void requireAdmin(Operator operator) {
        if (!operator.isAdmin()) {
            throw ApiException.forbidden("Only admins manage other operators' factors");
        }
    }

    private long userId(String id) {
        long userId;
        try {
            userId = Long.parseLong(id);
        } catch (NumberFormatException e) {
            throw ApiException.notFound("No users row with id '" + id + "'");
        }
        if (em.find(User.class, userId) == null) {
            throw ApiException.notFound("No users row with id '" + id + "'");
        }
        return userId;
    }
}
