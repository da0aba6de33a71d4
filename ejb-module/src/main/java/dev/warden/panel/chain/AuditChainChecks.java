package dev.warden.panel.chain;

import static dev.warden.common.JsonSupport.JSON;

import dev.warden.auth.Operator;
import dev.warden.common.ApiException;
import dev.warden.panel.audit.AuditChain;
import dev.warden.panel.audit.ChainVerdict;
import jakarta.ejb.EJB;
import jakarta.ejb.Stateless;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonValue;

/**
 * The audit chain's use cases
 * (docs/security.md, the {@code adminAudit/_verify} and {@code adminAudit/_head} rows; docs/decisions/audit-hash-chain.md):
 * verifying the chain and exporting its signed head, for admins only (403
 * {@code forbidden} for everyone else, whatever the {@code adminAudit} policies say), answered as the routes' JSON.
 */
@Stateless
public class AuditChainChecks {

    @EJB
    AuditChain chain;

    /**
     * {@code {ok, rows_checked, first_bad_id, problem, head_seq, head_hash, checkpoint_seq}}; {@code first_bad_id} is
     * the first row edited in place, the row after a deleted one, or the head's row when rows are missing at the end
     * (null when {@code ok}).
     *
     * @throws ApiException 403 for a non-admin
     */
    public JsonObject verify(Operator operator) {
        adminOnly(operator);
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

    /**
     * {@code {seq, id, hash, exported_at, algorithm, signature, signed_text}}: the chain head for an outside store,
     * signed with HMAC-SHA256 when {@code WARDEN_AUDIT_SIGNING_KEY} is set ({@code algorithm} and {@code signature}
     * null otherwise).
     *
     * @throws ApiException 403 for a non-admin
     */
    public JsonObject head(Operator operator) {
        adminOnly(operator);
        AuditChain.Head head = chain.head();
        JsonObjectBuilder out = JSON.createObjectBuilder().add("seq", head.seq());
        nullable(out, "id", head.rowId());
        out.add("hash", head.hash()).add("exported_at", head.exportedAt().toString());
        out.add("algorithm", head.algorithm() == null ? JsonValue.NULL : JSON.createValue(head.algorithm()));
        out.add("signature", head.signature() == null ? JsonValue.NULL : JSON.createValue(head.signature()));
        out.add("signed_text", head.signedText());
        return out.build();
    }

    private static void adminOnly(Operator operator) {
        if (!operator.isAdmin()) {
            throw ApiException.forbidden("Only admins may verify or export the audit chain");
        }
    }

    private static void nullable(JsonObjectBuilder out, String name, Long value) {
        if (value == null) {
            out.addNull(name);
        } else {
            out.add(name, value);
        }
    }
}
