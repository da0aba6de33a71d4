package dev.warden.panel.crud;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.warden.panel.registry.ColumnDef;
import dev.warden.panel.registry.ResourceDef;
import dev.warden.panel.registry.WriteFixtures;
import jakarta.json.Json;
import jakarta.json.JsonValue;
import java.io.StringReader;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Unit tests for {@link BodyValues}: JSON body values to the JDBC value of each column type. */
class BodyValuesTest {

    private static final ResourceDef KINDS = WriteFixtures.kinds();

    private static ColumnDef col(String name) {
        return KINDS.column(name).orElseThrow();
    }

    private static JsonValue json(String text) {
        try (var reader = Json.createReader(new StringReader(text))) {
            return reader.readValue();
        }
    }

    private static Object convert(String column, String jsonText) {
        return BodyValues.convert(col(column), json(jsonText));
    }

    private static String refused(String column, String jsonText) {
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> convert(column, jsonText), column + " " + jsonText);
        return e.getMessage();
    }

    @ParameterizedTest
    @ValueSource(strings = {"id", "small", "amount", "flag", "label", "uid", "at", "local_at", "day", "doc", "tags"})
    void nullIsSqlNullForEveryType(String column) {
        assertNull(convert(column, "null"));
        assertNull(BodyValues.convert(col(column), null));
    }

    @Test
    void integersBecomeLongsFromNumbersOrNumericStrings() {
        assertEquals(42L, convert("id", "42"));
        assertEquals(42L, convert("id", "\"42\""));
        assertEquals(42L, convert("id", "42.0"));
        assertEquals(1000L, convert("id", "1e3"));
        assertEquals(-5L, convert("id", "\" -5 \""));
        assertEquals(Long.MAX_VALUE, convert("id", String.valueOf(Long.MAX_VALUE)));
    }

    @Test
    void integersAreCheckedAgainstTheRangeOfTheirSqlType() {
        assertEquals(32767L, convert("small", "32767"));
        assertTrue(refused("small", "32768").contains("out of range"));
        assertEquals((long) Integer.MIN_VALUE, convert("medium", String.valueOf(Integer.MIN_VALUE)));
        assertTrue(refused("medium", "2147483648").contains("out of range"));
        assertTrue(refused("id", "9223372036854775808").contains("out of range"));
        assertTrue(refused("id", "1e1000000").contains("out of range"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"1.5", "\"1.5\"", "\"abc\"", "true", "{}", "[1]", "\"\""})
    void nonIntegersAreRefusedForIntegerColumns(String value) {
        assertTrue(refused("id", value).startsWith("expected"), value);
    }

    @Test
    void numbersBecomeBigDecimals() {
        assertEquals(new BigDecimal("12.50"), convert("amount", "12.50"));
        assertEquals(new BigDecimal("3"), convert("amount", "\"3\""));
        assertTrue(refused("amount", "\"x\"").startsWith("expected a number"));
        assertTrue(refused("amount", "false").contains("a boolean"));
    }

    @Test
    void booleansFromJsonBooleansOrTheirText() {
        assertEquals(true, convert("flag", "true"));
        assertEquals(false, convert("flag", "false"));
        assertEquals(true, convert("flag", "\"true\""));
        assertTrue(refused("flag", "1").contains("a number"));
        assertTrue(refused("flag", "\"maybe\"").contains("true or false"));
    }

    @Test
    void stringsMustBeJsonStrings() {
        assertEquals("hello", convert("label", "\"hello\""));
        assertEquals("", convert("label", "\"\""));
        assertEquals("expected a string, got a number", refused("label", "12"));
        assertEquals("expected a string, got an object", refused("label", "{\"a\":1}"));
        assertEquals("expected a string, got an array", refused("label", "[]"));
    }

    @Test
    void uuidsDatesAndTimesAreParsedFromIsoStrings() {
        UUID uid = UUID.randomUUID();
        assertEquals(uid, convert("uid", "\"" + uid + "\""));
        assertTrue(refused("uid", "\"not-a-uuid\"").startsWith("expected a UUID"));
        assertEquals(
                OffsetDateTime.of(2026, 3, 1, 12, 0, 0, 0, ZoneOffset.UTC), convert("at", "\"2026-03-01T12:00:00Z\""));
        assertEquals(
                OffsetDateTime.of(2026, 3, 1, 12, 0, 0, 0, ZoneOffset.ofHours(2)),
                convert("at", "\"2026-03-01T12:00:00+02:00\""));
        assertEquals(LocalDateTime.of(2026, 3, 1, 12, 30), convert("local_at", "\"2026-03-01T12:30\""));
        assertEquals(LocalDate.of(2026, 3, 1), convert("day", "\"2026-03-01\""));
        assertTrue(refused("at", "\"yesterday\"").contains("ISO 8601"));
        assertTrue(refused("at", "1700000000").contains("a number"));
        assertTrue(refused("day", "\"2026-13-01\"").contains("ISO 8601"));
    }

    @Test
    void jsonColumnsTakeAnyValueAsItsJsonText() {
        assertEquals("{\"level\":7,\"tags\":[\"a\"]}", convert("doc", "{\"level\": 7, \"tags\": [\"a\"]}"));
        assertEquals("[1,2]", convert("doc", "[1, 2]"));
        assertEquals("\"text\"", convert("doc", "\"text\""));
        assertEquals("12", convert("doc", "12"));
        assertEquals("true", convert("plain_doc", "true"));
    }

    @Test
    void otherTypesTakeTheirPostgresTextForm() {
        assertEquals("{a,b}", convert("tags", "\"{a,b}\""));
        assertTrue(refused("tags", "[\"a\"]").contains("an array"));
    }

    @Test
    void placeholdersCastJsonText() {
        assertEquals("CAST(? AS jsonb)", BodyValues.placeholder(col("doc")));
        assertEquals("CAST(? AS json)", BodyValues.placeholder(col("plain_doc")));
        assertEquals("?", BodyValues.placeholder(col("label")));
        assertEquals("?", BodyValues.placeholder(col("at")));
    }
}
