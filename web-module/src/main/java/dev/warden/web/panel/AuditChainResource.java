package dev.warden.web.panel;

import static dev.warden.common.JsonSupport.JSON;

import dev.warden.auth.Operator;
import dev.warden.common.ApiException;
import dev.warden.panel.audit.AuditChain;
import dev.warden.panel.audit.ChainVerdict;
import dev.warden.web.auth.AdminSession;
import jakarta.ejb.EJB;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/**
 * The audit chain's routes (docs/security.md): {@code GET /admin-api/adminAudit/_verify} and
 * {@code GET /admin-api/adminAudit/_head}, for admins only (403 {@code forbidden} for everyone else, whatever
 * the {@code adminAudit} policies say). One small root class per route with its exact path, so that
 * {@link PanelResource}'s {@code {resource}/{id}} does not take them (see {@link UserModerationResource}).
 */
public abstract class AuditChainResource {

    @EJB
    AuditChain chain;

    @Inject
    AdminSession session;

    void adminOnly() {
        Operator operator = session.operator();
        if (!operator.isAdmin()) {
            throw ApiException.forbidden("Only admins may verify or export the audit chain");
        }
    }

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
            adminOnly();
            ChainVerdict verdict = chain.verify();
            JsonObjectBuilder out =
                    JSON.createObjectBuilder().add("ok", verdict.ok()).add("rows_checked", verdict.rowsChecked());
            nullable(out, "first_bad_id", verdict.firstBadId());
            out.add("problem", verdict.problem() == null ? JsonValue.NULL : JSON.createValue(verdict.problem()));
            out.add("head_seq", verdict.headSeq());
            out.add("head_hash", verdict.headHash() == null ? JsonValue.NULL : JSON.createValue(verdict.headHash()));
            nullable(out, "checkpoint_seq", verdict.checkpointSeq());
            return out.build();
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
            adminOnly();
            AuditChain.Head head = chain.head();
            JsonObjectBuilder out = JSON.createObjectBuilder().add("seq", head.seq());
            nullable(out, "id", head.rowId());
            out.add("hash", head.hash()).add("exported_at", head.exportedAt().toString());
            out.add("algorithm", head.algorithm() == null ? JsonValue.NULL : JSON.createValue(head.algorithm()));
            out.add("signature", head.signature() == null ? JsonValue.NULL : JSON.createValue(head.signature()));
            out.add("signed_text", head.signedText());
            return out.build();
        }
    }

    static void nullable(JsonObjectBuilder out, String name, Long value) {
        if (value == null) {
            out.addNull(name);
        } else {
            out.add(name, value);
        }
    }
}
