package dev.warden.panel.policy;

import static dev.warden.common.JsonSupport.JSON;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.warden.auth.Operator;
import dev.warden.auth.Role;
import dev.warden.panel.extension.Operation;
import dev.warden.panel.extension.Relation;
import dev.warden.panel.registry.RelationDef;
import dev.warden.panel.registry.ResourceDef;
import dev.warden.panel.registry.WriteFixtures;
import jakarta.json.JsonObject;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Unit tests for {@link Visibility} and the role-user default on hosting resources. */
class VisibilityTest {

    /** userNotes with its two one-relations to users. */
    private static final ResourceDef NOTES = ResourceDef.builder("userNotes", "warden_user_notes", Object.class)
            .columns(List.of(
                    WriteFixtures.col("id", "int8", false, true, true),
                    WriteFixtures.col("user_id", "int8", false, false, false),
                    WriteFixtures.col("author_id", "int8", true, false, false)))
            .primaryKey(List.of("id"))
            .relations(List.of(
                    new RelationDef("user", "User", "users", Relation.Kind.ONE, "user_id"),
                    new RelationDef("author", "Author", "users", Relation.Kind.ONE, "author_id")))
            .build();

    private static final JsonObject NOTE = JSON.createObjectBuilder()
            .add("id", 1)
            .add("user_id", 5)
            .add("author_id", 6)
            .add("_id", "1")
            .add("_labels", JSON.createObjectBuilder().add("user_id", "Player").add("author_id", "Mod"))
            .build();

    @Test
    void labelsOfUnreadableTargetsAreOmitted() {
        JsonObject row = Visibility.row(NOTE, NOTES, Set.of("userNotes"));
        assertEquals(JSON.createObjectBuilder().build(), row.getJsonObject("_labels"));
        assertEquals(5, row.getInt("user_id"), "the columns stay");
    }

    @Test
    void labelsOfReadableTargetsStayAndTheRowIsUntouched() {
        assertSame(NOTE, Visibility.row(NOTE, NOTES, Set.of("userNotes", "users")));
    }

    @Test
    void countsOfUnreadableRelationsAreLeftOut() {
        JsonObject counts =
                JSON.createObjectBuilder().add("user", 1).add("author", 2).build();
        assertEquals(
                Set.of(), Visibility.counts(counts, NOTES, Set.of("userNotes")).keySet());
        assertEquals(
                Set.of("user", "author"),
                Visibility.counts(counts, NOTES, Set.of("users")).keySet());
    }

    @Test
    void roleUserMayNotReadHostingResourcesButAdminsAndScopedModsMay() {
        Operator user = new Operator(3, "u@example.com", Role.USER, List.of(), "s");
        Operator mod = new Operator(4, "m@example.com", Role.MOD, List.of("apiTokens"), "s");
        Operator admin = new Operator(5, "a@example.com", Role.ADMIN, List.of(), "s");
        for (String key : AccessRules.OPERATORS_ONLY) {
            assertFalse(AccessRules.allows(user, Operation.LIST, key), key);
            assertFalse(AccessRules.allows(user, Operation.READ, key), key);
            assertTrue(AccessRules.allows(admin, Operation.READ, key), key);
        }
        assertTrue(AccessRules.allows(mod, Operation.READ, "apiTokens"));
        assertFalse(AccessRules.allows(mod, Operation.READ, "teams"));
        assertTrue(AccessRules.allows(user, Operation.READ, "configs"), "the requirements' resources stay readable");
    }
}
