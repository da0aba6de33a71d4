package dev.warden.auth;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Unit tests for the static helpers of {@link Accounts}: ban checks and sign-up field validation. */
class AccountsTest {

    private static final Instant NOW = Instant.parse("2025-06-15T12:00:00Z");

    // --- isBanned -------------------------------------------------------------------------------------

    @Test
    void nullColumnIsNotBanned() {
        assertFalse(Accounts.isBanned(null, NOW));
    }

    @ParameterizedTest
    @ValueSource(strings = {"null", " null ", "", "   "})
    void jsonNullOrBlankIsNotBanned(String ban) {
        assertFalse(Accounts.isBanned(ban, NOW));
    }

    @Test
    void banWithoutUntilIsPermanent() {
        assertTrue(Accounts.isBanned("{\"reason\":\"cheating\"}", NOW));
        assertTrue(Accounts.isBanned("{}", NOW));
    }

    @Test
    void banWithNullUntilIsPermanent() {
        assertTrue(Accounts.isBanned("{\"reason\":\"spam\",\"until\":null}", NOW));
    }

    @Test
    void banUntilTheFutureIsActive() {
        assertTrue(Accounts.isBanned("{\"reason\":\"spam\",\"until\":\"2025-06-15T12:00:01Z\"}", NOW));
        assertTrue(Accounts.isBanned("{\"until\":\"2099-01-01T00:00:00Z\"}", NOW));
    }

    @Test
    void banUntilThePastHasRunOut() {
        assertFalse(Accounts.isBanned("{\"reason\":\"spam\",\"until\":\"2025-06-15T11:59:59Z\"}", NOW));
        assertFalse(Accounts.isBanned("{\"until\":\"2000-01-01T00:00:00Z\"}", NOW));
    }

    @Test
    void banEndsExactlyAtUntil() {
        assertFalse(Accounts.isBanned("{\"until\":\"2025-06-15T12:00:00Z\"}", NOW));
    }

    @Test
    void untilWithoutOffsetIsReadAsUtcAndADateAsMidnightUtc() {
        assertFalse(Accounts.isBanned("{\"until\":\"2025-06-15T11:00:00\"}", NOW));
        assertTrue(Accounts.isBanned("{\"until\":\"2025-06-15T13:00:00\"}", NOW));
        assertFalse(Accounts.isBanned("{\"until\":\"2025-06-15\"}", NOW));
        assertTrue(Accounts.isBanned("{\"until\":\"2025-06-16\"}", NOW));
    }

    @Test
    void untilWithOffsetIsComparedAsAnInstant() {
        // 13:30+02:00 is 11:30Z: already over.
        assertFalse(Accounts.isBanned("{\"until\":\"2025-06-15T13:30:00+02:00\"}", NOW));
        // 08:30-05:00 is 13:30Z: still running.
        assertTrue(Accounts.isBanned("{\"until\":\"2025-06-15T08:30:00-05:00\"}", NOW));
    }

    @Test
    void fractionalSecondsInUntilAreRead() {
        assertTrue(Accounts.isBanned("{\"until\":\"2025-06-15T12:00:00.000001Z\"}", NOW));
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "{",
                "not json",
                "{\"until\":}",
                "[1,2]",
                "true",
                "42",
                "\"banned\"",
                "{\"until\":\"soon\"}",
                "{\"until\":\"\"}",
                "{\"until\":1750000000}",
                "{\"until\":{}}"
            })
    void malformedBanIsTreatedAsBanned(String ban) {
        assertTrue(Accounts.isBanned(ban, NOW), ban);
    }

    // --- validateEmail --------------------------------------------------------------------------------

    private static Map<String, List<String>> emailProblems(String email) {
        Map<String, List<String>> problems = new LinkedHashMap<>();
        Accounts.validateEmail(email, problems);
        return problems;
    }

    private static Map<String, List<String>> passwordProblems(String password) {
        Map<String, List<String>> problems = new LinkedHashMap<>();
        Accounts.validatePassword(password, problems);
        return problems;
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "admin@example.com",
                "a@b",
                "first.last+tag@sub.example.co.uk",
                " admin@example.com ",
                "ÄDMIN@exämple.de"
            })
    void validEmailsAddNoProblem(String email) {
        assertEquals(Map.of(), emailProblems(email));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "   "})
    void blankEmailIsRequired(String email) {
        assertEquals(Map.of("email", List.of("is required")), emailProblems(email));
    }

    @Test
    void nullEmailIsRequired() {
        assertEquals(Map.of("email", List.of("is required")), emailProblems(null));
    }

    @ParameterizedTest
    @ValueSource(
            strings = {"admin", "admin@", "@example.com", "a@b@c", "ad min@example.com", "admin@exa mple.com", "@"})
    void malformedEmailIsNotAnEmailAddress(String email) {
        assertEquals(Map.of("email", List.of("is not an email address")), emailProblems(email));
    }

    @Test
    void emailOf320CharactersIsAccepted() {
        String email = "a".repeat(64) + "@" + "b".repeat(255);
        assertEquals(320, email.length());
        assertEquals(Map.of(), emailProblems(email));
    }

    @Test
    void emailOver320CharactersIsRejected() {
        String email = "a".repeat(64) + "@" + "b".repeat(256);
        assertEquals(Map.of("email", List.of("is not an email address")), emailProblems(email));
    }

    @Test
    void validationAddsToExistingProblems() {
        Map<String, List<String>> problems = new LinkedHashMap<>();
        problems.put("display_name", List.of("at most 200 characters"));
        Accounts.validateEmail("nope", problems);
        Accounts.validatePassword("short", problems);
        assertEquals(List.of("display_name", "email", "password"), List.copyOf(problems.keySet()));
    }

    // --- validatePassword -----------------------------------------------------------------------------

    @Test
    void passwordOfMinimumLengthIsAccepted() {
        assertEquals(8, Passwords.MIN_LENGTH);
        assertEquals(Map.of(), passwordProblems("x".repeat(Passwords.MIN_LENGTH)));
    }

    @Test
    void passwordOf1024CharactersIsAccepted() {
        assertEquals(Map.of(), passwordProblems("x".repeat(1024)));
    }

    @Test
    void passwordShorterThanMinimumIsRejected() {
        assertEquals(
                Map.of("password", List.of("must be 8 to 1024 characters")),
                passwordProblems("x".repeat(Passwords.MIN_LENGTH - 1)));
    }

    @Test
    void passwordLongerThan1024IsRejected() {
        assertEquals(Map.of("password", List.of("must be 8 to 1024 characters")), passwordProblems("x".repeat(1025)));
    }

    @Test
    void nullOrEmptyPasswordIsRequired() {
        assertEquals(Map.of("password", List.of("is required")), passwordProblems(null));
        assertEquals(Map.of("password", List.of("is required")), passwordProblems(""));
    }

    @Test
    void passwordIsNotTrimmed() {
        assertEquals(Map.of(), passwordProblems("        "));
        assertEquals(Map.of(), passwordProblems(" pass word "));
    }
}
