package dev.warden.panel.users;

import dev.warden.common.ApiException;
import dev.warden.panel.crud.ResourceRows;
import dev.warden.panel.registry.ResourceRegistry;
import jakarta.ejb.EJB;
import jakarta.ejb.Stateless;
import jakarta.json.JsonObject;

/**
 * A user as the {@code users} resource shows it ({@code password_hash} never included): the {@code user}
 * of the sign-in, bootstrap and {@code /auth/me} answers (docs/admin-api.md, "Sign-in").
 */
@Stateless
public class UserRows {

    @EJB
    ResourceRegistry registry;

    @EJB
    ResourceRows rows;

    /**
     * The row of user {@code userId}.
     *
     * @throws ApiException 404 when the user does not exist
     */
    public JsonObject row(long userId) {
        return rows.read(registry.find("users").orElseThrow(), Long.toString(userId));
    }
}
