package dev.warden.web.panel;

import dev.warden.panel.chain.AuditChainChecks;
import dev.warden.web.auth.AdminSession;
import jakarta.ejb.EJB;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/**
 * The audit chain's routes (docs/security.md): {@code GET /admin-api/adminAudit/_verify} and
 * {@code GET /admin-api/adminAudit/_head}, for admins only (403 {@code forbidden} for everyone else, whatever
 * the {@code adminAudit} policies say; {@link AuditChainChecks} decides and answers). One small root class per route with its exact path, so that
 * {@link PanelResource}'s {@code {resource}/{id}} does not take them (see {@link UserModerationResource}).
 */
public abstract class AuditChainResource {

    @EJB
    AuditChainChecks chain;

    @Inject
    AdminSession session;

    /**
     * {@code GET /admin-api/adminAudit/_verify}: 200 {@code {ok, rows_checked, first_bad_id, problem, head_seq,
     * head_hash, checkpoint_seq}}; {@code first_bad_id} is the first row edited in place, the row after a deleted
     * one, or the head's row when rows are missing at the end (null when {@code ok}).
     */
    @Path("adminAudit/_verify")
    @RequestScoped
    @Produces(MediaType.APPLICATION_JSON)
    public static class Verify extends AuditChainResource {

        /** See {@link Verify}. */
        @GET
        public JsonObject verify() {
            return chain.verify(session.operator());
        }
    }

    /**
     * {@code GET /admin-api/adminAudit/_head}: 200 {@code {seq, id, hash, exported_at, algorithm, signature,
     * signed_text}}: the chain head for an outside store, signed with HMAC-SHA256 when
     * {@code WARDEN_AUDIT_SIGNING_KEY} is set ({@code algorithm} and {@code signature} null otherwise).
     */
    @Path("adminAudit/_head")
    @RequestScoped
    @Produces(MediaType.APPLICATION_JSON)
    public static class Head extends AuditChainResource {

        /** See {@link Head}. */
        @GET
        public JsonObject head() {
            return chain.head(session.operator());
        }
    }
}
