package dev.warden.demo;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonReader;
import org.junit.jupiter.api.Test;

import java.io.StringReader;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.Set;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Unit tests for the pure parts of {@link DemoSeeder}: generated people, JSON text, the banner. */
class DemoSeederTest {

    private static final Pattern EMAIL = Pattern.compile("[a-z]+\\.[a-z]+[0-9]+@example\\.com");

    @Test
    void emailsAreUniqueAndWellFormedFor300Players() {
        List<DemoSeeder.Person> people = DemoSeeder.people(new Random(DemoSeeder.SEED), 300);
        assertEquals(300, people.size());
        Set<String> emails = new HashSet<>();
        for (DemoSeeder.Person p : people) {
            assertTrue(EMAIL.matcher(p.email()).matches(), p.email());
            assertTrue(p.email().startsWith(
                    (p.firstName() + "." + p.lastName()).toLowerCase(Locale.ROOT)), p.email());
            assertFalse(p.displayName().isBlank());
            assertTrue(emails.add(p.email().toLowerCase(Locale.ROOT)), "duplicate " + p.email());
        }
    }

    @Test
    void emailsStayUniqueWhenTheNameSpaceRunsOut() {
        // 40 x 40 names x 999 suffixes: 20,000 players still fit, and the fallback suffix keeps it unique.
        List<DemoSeeder.Person> people = DemoSeeder.people(new Random(7), 20_000);
        Set<String> emails = new HashSet<>();
        for (DemoSeeder.Person p : people) {
            assertTrue(emails.add(p.email()), "duplicate " + p.email());
        }
    }

    @Test
    void peopleAreDeterministicForTheSameSeed() {
        assertEquals(DemoSeeder.people(new Random(DemoSeeder.SEED), 50),
                DemoSeeder.people(new Random(DemoSeeder.SEED), 50));
    }

    @Test
    void displayNamesAreVaried() {
        List<DemoSeeder.Person> people = DemoSeeder.people(new Random(DemoSeeder.SEED), 300);
        long realNames = people.stream().filter(p -> p.displayName().equals(p.firstName() + " " + p.lastName()))
                .count();
        assertTrue(realNames > 50 && realNames < 250, "real names: " + realNames);
    }

    @Test
    void bannerHasTheThreeCurlLines() {
        String banner = DemoSeeder.banner("admin@warden.local", "s3cret-Pass_word", true, DemoSeeder.MOD_EMAIL,
                "wdn_TOKEN123", "http://localhost:9080/");
        assertTrue(banner.contains("curl -i -c /tmp/warden.cookies -H 'Content-Type: application/json' -d "
                + "'{\"email\":\"admin@warden.local\",\"password\":\"s3cret-Pass_word\"}' "
                + "http://localhost:9080/admin-api/auth/login"), banner);
        assertTrue(banner.contains("curl -i -b /tmp/warden.cookies "
                + "'http://localhost:9080/admin-api/users?_start=0&_end=10&_sort=id&_order=asc'"), banner);
        assertTrue(banner.contains("curl -i -H 'Authorization: Bearer wdn_TOKEN123' "
                + "http://localhost:9080/api/v1/applications"), banner);
        assertTrue(banner.contains("admin@warden.local"));
        assertTrue(banner.contains("s3cret-Pass_word"));
        assertTrue(banner.contains("mod@warden.local"));
        assertTrue(banner.contains("generated"));
        assertFalse(banner.contains("9080//"), "trailing slash of the public URL is dropped");
    }

    @Test
    void bannerUsesThePublicUrl() {
        String banner = DemoSeeder.banner("ops@example.org", "configured-pw", false, DemoSeeder.MOD_EMAIL,
                "wdn_abc", "https://warden.example.org");
        assertTrue(banner.contains(" https://warden.example.org/admin-api/auth/login"));
        assertTrue(banner.contains("'https://warden.example.org/admin-api/users?_start=0"));
        assertTrue(banner.contains(" https://warden.example.org/api/v1/applications"));
        assertTrue(banner.contains("from warden.demo.admin-password"));
    }

    @Test
    void bannerQuotesAwkwardPasswordsForTheShell() {
        String banner = DemoSeeder.banner("a@b.c", "it's \"x\"", false, DemoSeeder.MOD_EMAIL, "wdn_t",
                "http://h");
        assertTrue(banner.contains("-d '{\"email\":\"a@b.c\",\"password\":\"it'\\''s \\\"x\\\"\"}' http://h/admin-api"),
                banner);
    }

    @Test
    void jsonIsValidAndEscaped() {
        String text = DemoSeeder.json(DemoSeeder.obj(
                "reason", "said \"hi\"\\\n\tthere\u0001",
                "until", null,
                "by", 7L,
                "at", Instant.parse("2025-03-01T12:30:00Z"),
                "inventory", List.of("torch", "lockpick"),
                "nested", DemoSeeder.obj("ok", true, "n", 3)));
        JsonObject parsed;
        try (JsonReader reader = Json.createReader(new StringReader(text))) {
            parsed = reader.readObject();
        }
        assertEquals("said \"hi\"\\\n\tthere\u0001", parsed.getString("reason"));
        assertTrue(parsed.isNull("until"));
        assertEquals(7, parsed.getInt("by"));
        assertEquals("2025-03-01T12:30:00Z", parsed.getString("at"));
        assertEquals(2, parsed.getJsonArray("inventory").size());
        assertTrue(parsed.getJsonObject("nested").getBoolean("ok"));
        assertEquals("{\"a\":[1,2],\"b\":\"c\"}", DemoSeeder.json(DemoSeeder.obj("a", List.of(1, 2), "b", "c")));
    }

    @Test
    void shellQuoteEscapesSingleQuotes() {
        assertEquals("'plain'", DemoSeeder.shellQuote("plain"));
        assertEquals("'it'\\''s'", DemoSeeder.shellQuote("it's"));
    }
}
