package dev.warden.panel.registry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Unit tests for {@link ColumnType}: PostgreSQL type mapping, wire names and request-text conversion. */
class ColumnTypeTest {

    private static IllegalArgumentException rejects(ColumnType type, String raw) {
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> type.parse(raw), type + " accepted '" + raw + "'");
        assertNotNull(e.getMessage(), "message for " + type + " '" + raw + "'");
        assertFalse(e.getMessage().isBlank());
        return e;
    }

    // --- fromPostgres / wireName ----------------------------------------------------------------------

    @ParameterizedTest
    @CsvSource({
        "int2, INTEGER",
        "int4, INTEGER",
        "int8, INTEGER",
        "numeric, NUMBER",
        "float4, NUMBER",
        "float8, NUMBER",
        "money, NUMBER",
        "bool, BOOLEAN",
        "text, STRING",
        "varchar, STRING",
        "bpchar, STRING",
        "char, STRING",
        "citext, STRING",
        "name, STRING",
        "uuid, UUID_TYPE",
        "timestamptz, DATETIME",
        "timestamp, LOCAL_DATETIME",
        "date, DATE",
        "json, JSON",
        "jsonb, JSON",
        "bytea, OTHER",
        "_int4, OTHER",
        "interval, OTHER",
        "inet, OTHER",
        "time, OTHER",
        "my_enum, OTHER"
    })
    void fromPostgresMapsTypeNames(String typname, ColumnType expected) {
        assertSame(expected, ColumnType.fromPostgres(typname));
    }

    @ParameterizedTest
    @CsvSource({"INT8, INTEGER", "TimestampTZ, DATETIME", "JSONB, JSON", "Bool, BOOLEAN"})
    void fromPostgresIsCaseInsensitive(String typname, ColumnType expected) {
        assertSame(expected, ColumnType.fromPostgres(typname));
    }

    @ParameterizedTest
    @CsvSource({
        "INTEGER, integer", "NUMBER, number", "BOOLEAN, boolean", "STRING, string", "UUID_TYPE, uuid",
        "DATETIME, datetime", "LOCAL_DATETIME, datetime", "DATE, date", "JSON, json", "OTHER, string"
    })
    void wireNames(ColumnType type, String wire) {
        assertEquals(wire, type.wireName());
    }

    @Test
    void onlyStringIsText() {
        for (ColumnType type : ColumnType.values()) {
            assertEquals(type == ColumnType.STRING, type.isText(), type.name());
        }
    }

    // --- INTEGER / NUMBER -----------------------------------------------------------------------------

    @Test
    void integerParsesToLong() {
        assertEquals(42L, ColumnType.INTEGER.parse("42"));
        assertEquals(-7L, ColumnType.INTEGER.parse(" -7 "));
        assertEquals(Long.MAX_VALUE, ColumnType.INTEGER.parse("9223372036854775807"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"1.5", "abc", "", "9223372036854775808", "1e3", "12 34"})
    void integerRejectsNonIntegers(String raw) {
        assertEquals(
                "expected an integer, got '" + raw + "'",
                rejects(ColumnType.INTEGER, raw).getMessage());
    }

    @Test
    void numberParsesToBigDecimal() {
        assertEquals(new BigDecimal("3.14"), ColumnType.NUMBER.parse("3.14"));
        assertEquals(new BigDecimal("-2"), ColumnType.NUMBER.parse(" -2 "));
        assertEquals(0, new BigDecimal("1000").compareTo((BigDecimal) ColumnType.NUMBER.parse("1e3")));
    }

    @ParameterizedTest
    @ValueSource(strings = {"abc", "", "NaN", "1,5", "Infinity"})
    void numberRejectsNonNumbers(String raw) {
        assertEquals(
                "expected a number, got '" + raw + "'",
                rejects(ColumnType.NUMBER, raw).getMessage());
    }

    // --- BOOLEAN --------------------------------------------------------------------------------------

    @ParameterizedTest
    @ValueSource(strings = {"true", "TRUE", "True", "1", "t", "T", "yes", "YES", " true "})
    void booleanTrueSpellings(String raw) {
        assertEquals(Boolean.TRUE, ColumnType.BOOLEAN.parse(raw));
    }

    @ParameterizedTest
    @ValueSource(strings = {"false", "FALSE", "0", "f", "F", "no", "No", " false "})
    void booleanFalseSpellings(String raw) {
        assertEquals(Boolean.FALSE, ColumnType.BOOLEAN.parse(raw));
    }

    @ParameterizedTest
    @ValueSource(strings = {"maybe", "", "2", "y", "n", "on", "off", "truee"})
    void booleanRejectsOtherText(String raw) {
        assertEquals(
                "expected true or false, got '" + raw + "'",
                rejects(ColumnType.BOOLEAN, raw).getMessage());
    }

    // --- UUID -----------------------------------------------------------------------------------------

    @Test
    void uuidParses() {
        UUID id = UUID.fromString("0b6a4c8e-5f2d-4e1a-9c3b-7d8e9f0a1b2c");
        assertEquals(id, ColumnType.UUID_TYPE.parse("0b6a4c8e-5f2d-4e1a-9c3b-7d8e9f0a1b2c"));
        assertEquals(id, ColumnType.UUID_TYPE.parse(" 0B6A4C8E-5F2D-4E1A-9C3B-7D8E9F0A1B2C "));
    }

    @ParameterizedTest
    @ValueSource(strings = {"not-a-uuid", "", "0b6a4c8e5f2d4e1a9c3b7d8e9f0a1b2c", "42"})
    void uuidRejectsOtherText(String raw) {
        rejects(ColumnType.UUID_TYPE, raw);
    }

    // --- DATETIME -------------------------------------------------------------------------------------

    @Test
    void datetimeWithZIsUtc() {
        OffsetDateTime t = (OffsetDateTime) ColumnType.DATETIME.parse("2024-03-01T12:30:00Z");
        assertEquals(OffsetDateTime.of(2024, 3, 1, 12, 30, 0, 0, ZoneOffset.UTC), t);
    }

    @Test
    void datetimeWithOffsetKeepsTheInstant() {
        OffsetDateTime t = (OffsetDateTime) ColumnType.DATETIME.parse("2024-03-01T12:30:00+02:00");
        assertEquals(Instant.parse("2024-03-01T10:30:00Z"), t.toInstant());
    }

    @Test
    void datetimeWithoutOffsetIsReadAsUtc() {
        OffsetDateTime t = (OffsetDateTime) ColumnType.DATETIME.parse("2024-03-01T12:30:00");
        assertEquals(ZoneOffset.UTC, t.getOffset());
        assertEquals(Instant.parse("2024-03-01T12:30:00Z"), t.toInstant());
    }

    @Test
    void datetimeWithFractionAndWithoutSecondsParse() {
        assertEquals(
                Instant.parse("2024-03-01T12:30:00.123456Z"),
                ((OffsetDateTime) ColumnType.DATETIME.parse("2024-03-01T12:30:00.123456Z")).toInstant());
        assertEquals(
                Instant.parse("2024-03-01T12:30:00Z"),
                ((OffsetDateTime) ColumnType.DATETIME.parse("2024-03-01T12:30")).toInstant());
    }

    @Test
    void datetimeDateOnlyIsMidnightUtc() {
        OffsetDateTime t = (OffsetDateTime) ColumnType.DATETIME.parse("2024-03-01");
        assertEquals(OffsetDateTime.of(2024, 3, 1, 0, 0, 0, 0, ZoneOffset.UTC), t);
    }

    @Test
    void datetimeIsTrimmed() {
        assertEquals(
                Instant.parse("2024-03-01T12:30:00Z"),
                ((OffsetDateTime) ColumnType.DATETIME.parse("  2024-03-01T12:30:00Z\n")).toInstant());
    }

    @Test
    void parseDateTimeHelperAcceptsTheSameForms() {
        assertEquals(
                Instant.parse("2024-03-01T00:00:00Z"),
                ColumnType.parseDateTime("2024-03-01").toInstant());
        assertEquals(
                Instant.parse("2024-03-01T01:00:00Z"),
                ColumnType.parseDateTime("2024-03-01T01:00").toInstant());
        assertEquals(
                Instant.parse("2024-02-29T23:00:00Z"),
                ColumnType.parseDateTime("2024-03-01T01:00+02:00").toInstant());
    }

    @ParameterizedTest
    @ValueSource(
            strings = {"yesterday", "", "2024-13-01", "2024-03-01 12:30:00", "12:30", "1709296200", "2024-03-01T25:00Z"
            })
    void datetimeRejectsOtherText(String raw) {
        assertEquals(
                "expected an ISO 8601 time, got '" + raw + "'",
                rejects(ColumnType.DATETIME, raw).getMessage());
    }

    // --- LOCAL_DATETIME / DATE ------------------------------------------------------------------------

    @Test
    void localDatetimeParses() {
        assertEquals(LocalDateTime.of(2024, 3, 1, 12, 30), ColumnType.LOCAL_DATETIME.parse("2024-03-01T12:30:00"));
        assertEquals(LocalDateTime.of(2024, 3, 1, 12, 30), ColumnType.LOCAL_DATETIME.parse(" 2024-03-01T12:30 "));
    }

    @ParameterizedTest
    @ValueSource(strings = {"2024-03-01T12:30:00Z", "2024-03-01", "nope", ""})
    void localDatetimeRejectsOffsetsDatesAndText(String raw) {
        assertEquals(
                "expected an ISO 8601 time, got '" + raw + "'",
                rejects(ColumnType.LOCAL_DATETIME, raw).getMessage());
    }

    @Test
    void dateParses() {
        assertEquals(LocalDate.of(2024, 2, 29), ColumnType.DATE.parse("2024-02-29"));
        assertEquals(LocalDate.of(2024, 2, 29), ColumnType.DATE.parse(" 2024-02-29 "));
    }

    @ParameterizedTest
    @ValueSource(strings = {"2023-02-29", "2024-02-30", "2024-03-01T00:00", "03/01/2024", "today", ""})
    void dateRejectsOtherText(String raw) {
        assertEquals(
                "expected an ISO 8601 date, got '" + raw + "'",
                rejects(ColumnType.DATE, raw).getMessage());
    }

    // --- STRING / JSON / OTHER ------------------------------------------------------------------------

    @ParameterizedTest
    @ValueSource(strings = {"STRING", "JSON", "OTHER"})
    void textualTypesReturnTheRawTextUnchanged(ColumnType type) {
        assertEquals("  hello, World  ", type.parse("  hello, World  "));
        assertEquals("", type.parse(""));
        assertEquals("{\"a\": 1}", type.parse("{\"a\": 1}"));
    }
}
