package dev.warden.panel.audit;

import static dev.warden.common.JsonSupport.JSON;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.io.StringReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Secret scrubbing and payload shapes of {@link AuditPayloads} (docs/admin-api.md, "Events"). */
class AuditPayloadsTest {

    private static JsonObject json(String text) {
        return JSON.createReader(new StringReader(text.replace('\'', '"'))).readObject();
    }

    // --- scrub ----------------------------------------------------------------------------------------

    @ParameterizedTest
    @ValueSource(
            strings = {
                "password",
                "password_hash",
                "token_hash",
                "agent_secret_hash",
                "PASSWORD",
                "Password_Hash",
                "client_secret",
                "secret",
                "mySecretValue",
                "token",
                "api_token",
                "accessToken",
                "refresh_token_id",
                "TOKEN_HASH"
            })
    void secretKeysAreSecret(String key) {
        assertTrue(AuditPayloads.isSecret(key), key);
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "token_version",
                "TOKEN_VERSION",
                "email",
                "display_name",
                "name",
                "id",
                "ban",
                "reason",
                "created_at"
            })
    void ordinaryKeysAreKept(String key) {
        assertFalse(AuditPayloads.isSecret(key), key);
    }

    @Test
    void scrubDropsSecretsAtEveryDepthAndKeepsTheRest() {
        JsonObject payload =
                json("{'row': {'id': 7, 'email': 'a@b.c', 'password': 'hunter22', 'password_hash': 'PBKDF2:x',"
                        + " 'token_version': 3, 'api_token': 'wdn_x',"
                        + " 'settings': {'agent_secret_hash': 'h', 'nested': [{'token_hash': 't', 'keep': 1}, 'plain', 2]}},"
                        + " 'changes': {'password_hash': {'before': 'a', 'after': 'b'}, 'name': {'before': 'x', 'after': 'y'}},"
                        + " 'webhookSecret': 's'}");
        JsonValue scrubbed = AuditPayloads.scrub(payload);
        assertEquals(
                json("{'row': {'id': 7, 'email': 'a@b.c', 'token_version': 3,"
                        + " 'settings': {'nested': [{'keep': 1}, 'plain', 2]}},"
                        + " 'changes': {'name': {'before': 'x', 'after': 'y'}}}"),
                scrubbed);
        String text = scrubbed.toString();
        assertFalse(text.contains("hunter22"), text);
        assertFalse(text.contains("PBKDF2"), text);
        assertFalse(text.contains("wdn_x"), text);
    }

    @Test
    void scrubLeavesScalarsArraysAndNullAlone() {
        assertNull(AuditPayloads.scrub(null));
        assertEquals(JsonValue.NULL, AuditPayloads.scrub(JsonValue.NULL));
        assertEquals(JSON.createValue("password"), AuditPayloads.scrub(JSON.createValue("password")));
        assertEquals(
                JSON.createArrayBuilder().add(JSON.createObjectBuilder()).build(),
                AuditPayloads.scrub(JSON.createArrayBuilder()
                        .add(JSON.createObjectBuilder().add("token", "x"))
                        .build()));
    }

    // --- row ------------------------------------------------------------------------------------------

    @Test
    void rowPayloadHoldsTheColumnsWithoutReservedKeys() {
        JsonObject row = json("{'id': 5, 'user_id': 2, 'slot': 'one', '_id': '5', '_labels': {'user_id': 'Ann'}}");
        assertEquals(json("{'row': {'id': 5, 'user_id': 2, 'slot': 'one'}}"), AuditPayloads.row(row));
    }

    // --- changes --------------------------------------------------------------------------------------

    @Test
    void changesListOnlyChangedColumnsWithBeforeAndAfter() {
        JsonObject before = json("{'id': 1, 'key': 'k', 'value': {'a': 1}, 'description': 'old', 'note': null,"
                + " 'updated_at': '2026-01-01T00:00:00Z', '_id': '1', '_labels': {'x': 'a'}}");
        JsonObject after = json("{'id': 1, 'key': 'k', 'value': {'a': 2}, 'description': 'new', 'note': 'set',"
                + " 'updated_at': '2026-01-02T00:00:00Z', '_id': '1', '_labels': {'x': 'b'}}");
        assertEquals(
                json(
                        "{'changes': {'value': {'before': {'a': 1}, 'after': {'a': 2}},"
                                + " 'description': {'before': 'old', 'after': 'new'}, 'note': {'before': null, 'after': 'set'}}}"),
                AuditPayloads.changes(before, after));
    }

    @Test
    void changesOfIdenticalRowsAreEmpty() {
        JsonObject row = json("{'id': 1, 'name': 'x', 'updated_at': '2026-01-01T00:00:00Z'}");
        assertEquals(json("{'changes': {}}"), AuditPayloads.changes(row, row));
    }

    @Test
    void aColumnMissingOnOneSideCountsAsNull() {
        assertEquals(
                json("{'changes': {'gone': {'before': 1, 'after': null}, 'new': {'before': null, 'after': 2}}}"),
                AuditPayloads.changes(json("{'gone': 1, 'same': null}"), json("{'new': 2}")));
    }

    @Test
    void changedSecretColumnsAreScrubbedAway() {
        JsonObject diff = AuditPayloads.changes(
                json("{'password_hash': 'a', 'name': 'x'}"), json("{'password_hash': 'b', 'name': 'x'}"));
        assertEquals(json("{'changes': {}}"), AuditPayloads.scrub(diff));
    }

    // --- auth -----------------------------------------------------------------------------------------

    @Test
    void authPayloadCarriesEmailIpAndUserAgent() {
        assertEquals(
                json("{'email': 'a@b.c', 'ip': '127.0.0.1', 'userAgent': 'curl/8'}"),
                AuditPayloads.auth("a@b.c", "127.0.0.1", "curl/8"));
        assertEquals(json("{'ip': null, 'userAgent': null}"), AuditPayloads.auth(null, null, null));
    }

    @Test
    void credentialChangesShowNoValues() {
        JsonObject before = json("{'id': 1, 'email': 'old@example.com', 'display_name': 'A'}");
        JsonObject after = json("{'id': 1, 'email': 'new@example.com', 'display_name': 'B'}");
        assertEquals(
                json("{'changes': {'email': {'before': '(changed)', 'after': '(changed)'}, "
                        + "'display_name': {'before': 'A', 'after': 'B'}, "
                        + "'password': {'before': '(changed)', 'after': '(changed)'}}}"),
                AuditPayloads.changes(before, after, java.util.Set.of("email", "password")));
        JsonObject redacted = AuditPayloads.changes(before, after, java.util.Set.of("password"));
        assertEquals(redacted, AuditPayloads.scrub(redacted), "the scrubber keeps a redacted secret change");
        assertEquals(
                json("{'changes': {}}"),
                AuditPayloads.scrub(json("{'changes': {'password': " + "{'before': 'x', 'after': '(changed)'}}}")),
                "but drops any other value under a secret key");
    }
}
