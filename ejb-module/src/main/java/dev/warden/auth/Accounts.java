package dev.warden.auth;

import static dev.warden.common.JsonSupport.JSON;

import dev.warden.common.ApiException;
import dev.warden.common.Times;
import dev.warden.panel.users.model.User;
import jakarta.json.JsonException;
import jakarta.json.JsonObject;
import jakarta.json.JsonReader;
import jakarta.json.JsonValue;
import jakarta.persistence.EntityManager;
import java.io.StringReader;
import java.time.DateTimeException;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The account rules the auth beans share: when a ban is in force, and what a valid email and password are
 * (docs/admin-api.md, "Sign-in" and "Limits"), and the lookup of a user by email.
 */
public final class Accounts {

    /** Longest email accepted (the ordinary limit). */
    public static final int MAX_EMAIL = 320;
    /** Longest password accepted. */
    public static final int MAX_PASSWORD = 1024;

    private Accounts() {}

    /**
     * True when {@code banJson} (the {@code ban} column) is set and its {@code until} is absent, null or later
     * than {@code now}. A value that is not a JSON object, or an unreadable {@code until}, counts as banned.
     */
    public static boolean isBanned(String banJson, Instant now) {
        if (banJson == null || banJson.isBlank() || banJson.strip().equals("null")) {
            return false;
        }
        try (JsonReader reader = JSON.createReader(new StringReader(banJson))) {
            JsonValue value = reader.readValue();
            if (!(value instanceof JsonObject ban)) {
                return true;
            }
            JsonValue until = ban.get("until");
            if (until == null || until.getValueType() != JsonValue.ValueType.STRING) {
                return true;
            }
            return Times.parseDateTime(ban.getString("until")).toInstant().isAfter(now);
        } catch (JsonException | DateTimeException | IllegalArgumentException e) {
            return true;
        }
    }

    /** Accepts {@code local@domain} of at most {@value #MAX_EMAIL} characters; adds a message to {@code problems} otherwise. */
    public static void validateEmail(String email, Map<String, List<String>> problems) {
        if (email == null || email.isBlank()) {
            problems.put("email", List.of("is required"));
        } else if (email.length() > MAX_EMAIL || !email.strip().matches("[^@\\s]+@[^@\\s]+")) {
            problems.put("email", List.of("is not an email address"));
        }
    }

    /** Accepts {@value Passwords#MIN_LENGTH} to {@value #MAX_PASSWORD} characters; adds a message otherwise. */
    public static void validatePassword(String password, Map<String, List<String>> problems) {
        if (password == null || password.isEmpty()) {
            problems.put("password", List.of("is required"));
        } else if (password.length() < Passwords.MIN_LENGTH || password.length() > MAX_PASSWORD) {
            problems.put(
                    "password", List.of("must be " + Passwords.MIN_LENGTH + " to " + MAX_PASSWORD + " characters"));
        }
    }

    /** The user whose email is {@code email} (case-insensitive, surrounding blanks ignored), or null. */
    public static User findByEmail(EntityManager em, String email) {
        List<User> found = em.createQuery("SELECT u FROM User u WHERE lower(u.email) = :email", User.class)
                .setParameter("email", email.strip().toLowerCase(Locale.ROOT))
                .getResultList();
        return found.isEmpty() ? null : found.get(0);
    }

    /** @throws ApiException 422 naming {@code name} when {@code value} is null or blank */
    static void requireField(String name, String value) {
        if (value == null || value.isBlank()) {
            throw ApiException.invalid(name, "is required");
        }
    }

    /** {@code value} cut to {@code max} characters; null stays null. */
    public static String truncate(String value, int max) {
        return value == null || value.length() <= max ? value : value.substring(0, max);
    }
}
