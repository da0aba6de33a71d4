package dev.warden.panel.history;

import static dev.warden.common.JsonSupport.JSON;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.warden.panel.registry.ResourceDef;
import dev.warden.panel.registry.WriteFixtures;
import jakarta.json.JsonObject;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What a history entry shows: only the reader's columns, never credentials or free-form args. */
class HistoryPayloadsTest {

    private static final ResourceDef USERS = ResourceDef.builder("users", "warden_users", Object.class)
            .columns(List.of(
                    WriteFixtures.col("id", "int8", false, true, true),
                    WriteFixtures.col("email", "text", false, false, false),
                    WriteFixtures.col("display_name", "text", false, false, false)))
            .primaryKey(List.of("id"))
            .build();

    private static JsonObject change(Object before, Object after) {
        return JSON.createObjectBuilder()
                .add("before", String.valueOf(before))
                .add("after", String.valueOf(after))
                .build();
    }

    @Test
    void anUpdateKeepsReadableColumnsOnlyAndNoCredentialChange() {
        JsonObject payload = JSON.createObjectBuilder()
                .add(
                        "changes",
                        JSON.createObjectBuilder()
                                .add("display_name", change("A", "B"))
                                .add("email", change("(changed)", "(changed)"))
                                .add("password", change("(changed)", "(changed)"))
                                .add("password_hash", change("x", "y")))
                .add("reverted_from", 7)
                .build();
        assertEquals(
                JSON.createObjectBuilder()
                        .add("changes", JSON.createObjectBuilder().add("display_name", change("A", "B")))
                        .add("reverted_from", 7)
                        .build(),
                HistoryPayloads.visible("update", payload, USERS));
    }

    @Test
    void aRowKeepsReadableColumnsACustomActionItsNameAndOtherEntriesNothing() {
        JsonObject row = JSON.createObjectBuilder()
                .add(
                        "row",
                        JSON.createObjectBuilder()
                                .add("id", 1)
                                .add("email", "a@b.c")
                                .add("secret", "s"))
                .build();
        assertEquals(
                JSON.createObjectBuilder()
                        .add("row", JSON.createObjectBuilder().add("id", 1).add("email", "a@b.c"))
                        .build(),
                HistoryPayloads.visible("delete", row, USERS));
        JsonObject custom = JSON.createObjectBuilder()
                .add("name", "reset")
                .add("args", JSON.createObjectBuilder().add("secret", "s"))
                .add("result", 1)
                .build();
        assertEquals(
                JSON.createObjectBuilder().add("name", "reset").build(),
                HistoryPayloads.visible("custom", custom, USERS));
        assertEquals(
                JSON.createObjectBuilder().build(),
                HistoryPayloads.visible(
                        "user.ban",
                        JSON.createObjectBuilder().add("ip", "1.2.3.4").build(),
                        USERS));
    }
}
