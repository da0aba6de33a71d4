package dev.warden.panel.views;

import dev.warden.auth.Operator;
import dev.warden.panel.audit.AuditRecord;
import dev.warden.panel.audit.AuditTrail;
import dev.warden.panel.extension.Operation;
import dev.warden.panel.policy.Moderation;
import dev.warden.panel.registry.ResourceDef;
import jakarta.ejb.EJB;
import jakarta.ejb.Stateless;
import jakarta.inject.Inject;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import java.util.function.Supplier;

/**
 * The saved-views use cases (docs/decisions/saved-views.md; docs/architecture.md, "Requirements: Layout" rule 4):
 * list, save and delete the operator's views of a resource. Each needs {@code list} on the resource ({@link
 * Moderation}: 403, 404 for an unknown key), works through {@link SavedViews} and records saves and deletes as
 * {@code view.save} and {@code view.delete} through {@link AuditTrail} (written once the change committed).
 */
@Stateless
public class SavedViewsService {

    @EJB
    Moderation moderation;

    @EJB
    SavedViews views;

    @Inject
    AuditTrail trail;

    /**
     * The operator's views of the resource {@code key}, by name.
     *
     * @throws dev.warden.common.ApiException 403 by rule; 404 unknown key
     */
    public JsonArray list(Operator operator, String key) {
        return views.list(operator.userId(), moderation.authorize(operator, Operation.LIST, key));
    }

    /**
     * Saves the body ({@code {name, filters?, sort?, columns?}}, read after the access check) as the operator's view.
     *
     * @throws dev.warden.common.ApiException 400 bad body; 403 by rule; 404 unknown key; 422 bad content
     */
    public SavedViews.Saved save(Operator operator, String key, Supplier<JsonObject> body) {
        ResourceDef resource = moderation.authorize(operator, Operation.LIST, key);
        SavedViews.Saved saved = views.save(operator.userId(), resource, body.get());
        trail.afterCommit(new AuditRecord(
                operator.userId(), "view.save", resource.key(), saved.view().getString("id"), saved.view()));
        return saved;
    }

    /**
     * Deletes the operator's view {@code id}.
     *
     * @return the deleted view
     * @throws dev.warden.common.ApiException 403 by rule; 404 unknown key or no such view of the operator
     */
    public JsonObject delete(Operator operator, String key, String id) {
        ResourceDef resource = moderation.authorize(operator, Operation.LIST, key);
        JsonObject deleted = views.delete(operator.userId(), resource, id);
        trail.afterCommit(new AuditRecord(operator.userId(), "view.delete", resource.key(), id, deleted));
        return deleted;
    }
}
