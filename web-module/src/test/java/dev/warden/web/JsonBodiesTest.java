package dev.warden.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.warden.common.ApiException;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.NullAndEmptySource;
import org.junit.jupiter.params.provider.ValueSource;

/** Unit tests for {@link JsonBodies#object(String, String)}: JSON content types and bodies only. */
class JsonBodiesTest {

    @ParameterizedTest
    @ValueSource(
            strings = {
                "application/json",
                "application/json; charset=UTF-8",
                "Application/JSON",
                "application/merge-patch+json",
                "application/vnd.api+json;charset=utf-8"
            })
    void jsonContentTypesAreAccepted(String type) {
        assertTrue(JsonBodies.isJson(type), type);
        assertEquals(1, JsonBodies.object(type, "{\"a\": 1}").getInt("a"));
    }

    @ParameterizedTest
    @NullAndEmptySource
    void anAbsentContentTypeIsAccepted(String type) {
        assertEquals(1, JsonBodies.object(type, "{\"a\": 1}").getInt("a"));
        assertTrue(JsonBodies.object(type, "").isEmpty());
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "text/plain",
                "application/x-www-form-urlencoded",
                "text/json",
                "application/+json",
                "application/jsonp",
                "multipart/form-data; boundary=x",
                "*/*"
            })
    void otherContentTypesAre400(String type) {
        assertFalse(JsonBodies.isJson(type), type);
        ApiException e = assertThrows(ApiException.class, () -> JsonBodies.object(type, "{}"));
        assertEquals(400, e.status());
        assertEquals("bad_request", e.code());
    }

    @ParameterizedTest
    @ValueSource(strings = {"{", "[1]", "\"text\"", "{\"a\": }"})
    void bodiesThatAreNotJsonObjectsAre400(String body) {
        ApiException e = assertThrows(ApiException.class, () -> JsonBodies.object("application/json", body));
        assertEquals(400, e.status());
    }
}
