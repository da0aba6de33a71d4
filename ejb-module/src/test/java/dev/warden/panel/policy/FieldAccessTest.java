package dev.warden.panel.policy;

import static dev.warden.common.JsonSupport.JSON;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.warden.auth.Operator;
import dev.warden.common.ApiException;
import dev.warden.panel.extension.Policy;
import dev.warden.panel.extension.Relation;
import dev.warden.panel.registry.RelationDef;
import dev.warden.panel.registry.ResourceDef;
import dev.warden.panel.registry.WriteFixtures;
import jakarta.json.JsonObject;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Field-level permissions: the caller's view of a resource and the body check. */
class FieldAccessTest {

    private static final Operator ADMIN = new Operator(1, "a@example.com", Operator.ADMIN, List.of(), "s1");
    private static final Operator MOD = new Operator(2, "m@example.com", Operator.MOD, List.of("contacts"), "s2");
    private static final Operator USER = new Operator(3, "u@example.com", Operator.USER, List.of(), "s3");

    private static final ResourceDef CONTACTS = ResourceDef.builder("contacts", "game_contacts", Object.class)
            .columns(List.of(
                    WriteFixtures.col("id", "int8", false, true, true),
                    WriteFixtures.col("name", "text", false, false, false),
                    WriteFixtures.col("email", "text", true, false, false),
                    WriteFixtures.col("salary", "int4", true, false, false),
                    WriteFixtures.col("handler_id", "int8", true, false, false)))
            .primaryKey(List.of("id"))
            .relations(List.of(new RelationDef("handler", "Handler", "users", Relation.Kind.ONE, "handler_id")))
            .defaultSort(new ResourceDef.Sort("salary", dev.warden.panel.extension.SortOrder.DESC))
            .columnPolicies(
                    Map.of(
                            "name",
                            Policy.roles("admin", "mod"),
                            "email",
                            Policy.roles("admin", "mod"),
                            "salary",
                            Policy.roles("admin"),
                            "handler_id",
                            Policy.roles("admin"),
                            "id",
                            Policy.deny()),
                    Map.of("email", Policy.roles("admin")))
            .build();

    private static List<String> names(ResourceDef r) {
        return r.columns().stream().map(c -> c.name()).toList();
    }

    /** A handler (users-like) resource whose many relation "contacts" filters CONTACTS on handler_id. */
    private static final ResourceDef HANDLERS = ResourceDef.builder("handlers", "game_handlers", Object.class)
            .columns(List.of(WriteFixtures.col("id", "int8", false, true, true)))
            .primaryKey(List.of("id"))
            .relations(List.of(new RelationDef("contacts", "Contacts", "contacts", Relation.Kind.MANY, "handler_id")))
            .build();

    @Test
    void aManyRelationWhoseForeignKeyIsHiddenThereIsDropped() {
        java.util.function.Function<String, ResourceDef> targets = key -> key.equals("contacts") ? CONTACTS : null;
        assertEquals(
                List.of("contacts"),
                FieldAccess.view(ADMIN, HANDLERS, targets).relations().stream()
                        .map(RelationDef::name)
                        .toList());
        assertTrue(FieldAccess.view(MOD, HANDLERS, targets).relations().isEmpty(), "handler_id is admin-only");
        assertSame(HANDLERS, FieldAccess.view(MOD, HANDLERS, key -> null), "an unknown target hides nothing");
    }

    @Test
    void anAdminSeesTheWholeResource() {
        ResourceDef view = FieldAccess.view(ADMIN, CONTACTS, key -> null);
        assertEquals(names(CONTACTS), names(view));
        assertTrue(view.lockedColumns().isEmpty());
    }

    @Test
    void aModLosesTheColumnsTheirRoleMayNotReadAndTheRelationAndSortOnThem() {
        ResourceDef view = FieldAccess.view(MOD, CONTACTS, key -> null);
        assertEquals(List.of("id", "name", "email"), names(view), "the primary key ignores its read policy");
        assertEquals(Set.of("salary", "handler_id"), view.hiddenColumns());
        assertEquals(Set.of("email"), view.lockedColumns());
        assertEquals(List.of(), view.relations());
        assertEquals("id", view.defaultSort().field());
        assertFalse(view.formFields().contains("salary"));
        assertFalse(view.listColumns().contains("salary"));
    }

    @Test
    void theLabelColumnDecidesWhetherLabelsShow() {
        assertTrue(FieldAccess.labelVisible(CONTACTS, FieldAccess.view(MOD, CONTACTS, key -> null)));
        assertFalse(FieldAccess.labelVisible(CONTACTS, FieldAccess.view(USER, CONTACTS, key -> null)));
    }

    @Test
    void aBodyWritingAnUnwritableOrUnreadableColumnIsRefusedNamingIt() {
        ResourceDef view = FieldAccess.view(MOD, CONTACTS, key -> null);
        ApiException locked = assertThrows(
                ApiException.class,
                () -> FieldAccess.checkBody(
                        view,
                        JSON.createObjectBuilder()
                                .add("name", "x")
                                .add("email", "new@example.com")
                                .build(),
                        null));
        assertEquals(403, locked.status());
        assertTrue(locked.getMessage().contains("'email'"));
        ApiException hidden = assertThrows(
                ApiException.class,
                () -> FieldAccess.checkBody(
                        view,
                        JSON.createObjectBuilder().add("salary", 1).build(),
                        JSON.createObjectBuilder().add("id", 1).build()));
        assertTrue(hidden.getMessage().contains("'salary'"));
    }

    @Test
    void anUnchangedUnwritableValueOfARowSentBackIsDropped() {
        ResourceDef view = FieldAccess.view(MOD, CONTACTS, key -> null);
        JsonObject current = JSON.createObjectBuilder()
                .add("id", 1)
                .add("name", "a")
                .add("email", "e@x")
                .build();
        JsonObject body =
                JSON.createObjectBuilder().add("name", "b").add("email", "e@x").build();
        assertEquals(JSON.createObjectBuilder().add("name", "b").build(), FieldAccess.checkBody(view, body, current));
        assertTrue(FieldAccess.namesLocked(view, body));
        assertSame(body, FieldAccess.checkBody(FieldAccess.view(ADMIN, CONTACTS, key -> null), body, null));
    }
}
