package dev.warden.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.Set;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** Unit tests for {@link DemoPeople}: unique, well-formed, deterministic and varied players. */
class DemoPeopleTest {

    private static final Pattern EMAIL = Pattern.compile("[a-z]+\\.[a-z]+[0-9]+@example\\.com");

    @Test
    void emailsAreUniqueAndWellFormedFor300Players() {
        List<DemoPeople.Person> people = DemoPeople.people(new Random(DemoSeeder.SEED), 300);
        assertEquals(300, people.size());
        Set<String> emails = new HashSet<>();
        for (DemoPeople.Person p : people) {
            assertTrue(EMAIL.matcher(p.email()).matches(), p.email());
            assertTrue(p.email().startsWith((p.firstName() + "." + p.lastName()).toLowerCase(Locale.ROOT)), p.email());
            assertFalse(p.displayName().isBlank());
            assertTrue(emails.add(p.email().toLowerCase(Locale.ROOT)), "duplicate " + p.email());
        }
    }

    @Test
    void emailsStayUniqueWhenTheNameSpaceRunsOut() {
        // 40 x 40 names x 999 suffixes: 20,000 players still fit, and the fallback suffix keeps it unique.
        List<DemoPeople.Person> people = DemoPeople.people(new Random(7), 20_000);
        Set<String> emails = new HashSet<>();
        for (DemoPeople.Person p : people) {
            assertTrue(emails.add(p.email()), "duplicate " + p.email());
        }
    }

    @Test
    void peopleAreDeterministicForTheSameSeed() {
        assertEquals(
                DemoPeople.people(new Random(DemoSeeder.SEED), 50), DemoPeople.people(new Random(DemoSeeder.SEED), 50));
    }

    @Test
    void displayNamesAreVaried() {
        List<DemoPeople.Person> people = DemoPeople.people(new Random(DemoSeeder.SEED), 300);
        long realNames = people.stream()
                .filter(p -> p.displayName().equals(p.firstName() + " " + p.lastName()))
                .count();
        assertTrue(realNames > 50 && realNames < 250, "real names: " + realNames);
    }
}
