package dev.warden.demo;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.Set;

/**
 * Generated demo players: names from fixed lists, unique lower-case emails of the form
 * {@code firstname.lastname<n>@example.com}, and varied display names (real names, initials, gamer tags). Pure:
 * everything comes from the {@link Random} passed in.
 */
final class DemoPeople {

    static final List<String> FIRST_NAMES = List.of(
            "Maya",
            "Liam",
            "Aisha",
            "Noah",
            "Sofia",
            "Mateo",
            "Yuki",
            "Lucas",
            "Amara",
            "Elias",
            "Priya",
            "Oliver",
            "Chloe",
            "Ravi",
            "Ingrid",
            "Diego",
            "Hana",
            "Felix",
            "Zara",
            "Tomas",
            "Leila",
            "Jonas",
            "Mei",
            "Kofi",
            "Nina",
            "Arjun",
            "Clara",
            "Omar",
            "Freya",
            "Kenji",
            "Lucia",
            "Emeka",
            "Astrid",
            "Mohammed",
            "Elena",
            "Tariq",
            "Julia",
            "Sven",
            "Ana",
            "Dmitri");

    static final List<String> LAST_NAMES = List.of(
            "Okafor",
            "Schmidt",
            "Tanaka",
            "Garcia",
            "Nguyen",
            "Kowalski",
            "Haddad",
            "Larsen",
            "Rossi",
            "Silva",
            "Patel",
            "Dubois",
            "Novak",
            "Mensah",
            "Johansson",
            "Kim",
            "Moreau",
            "Fischer",
            "Costa",
            "Petrov",
            "Murphy",
            "Yilmaz",
            "Andersen",
            "Sato",
            "Lopez",
            "Walker",
            "Chen",
            "Bakker",
            "Horvat",
            "Eriksson",
            "Abebe",
            "Brennan",
            "Fernandez",
            "Lindqvist",
            "Mwangi",
            "Ivanov",
            "Rahman",
            "Svoboda",
            "Takahashi",
            "Weber");

    private static final List<String> TAG_ADJECTIVES = List.of(
            "Swift", "Silent", "Crimson", "Lucky", "Frost", "Iron", "Neon", "Shadow", "Turbo", "Cosmic", "Rusty",
            "Wild");

    private static final List<String> TAG_NOUNS = List.of(
            "Falcon", "Otter", "Wolf", "Comet", "Badger", "Viper", "Panda", "Raven", "Golem", "Pixel", "Rocket",
            "Kraken");

    private DemoPeople() {}

    /** A generated player: names, a unique lower-case email and a display name. */
    record Person(String firstName, String lastName, String email, String displayName) {}

    /**
     * {@code count} players with unique (case-insensitively) emails of the form
     * {@code firstname.lastname<n>@example.com} and varied display names, drawn from {@code random}.
     */
    static List<Person> people(Random random, int count) {
        List<Person> people = new ArrayList<>(count);
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < count; i++) {
            String first = pick(random, FIRST_NAMES);
            String last = pick(random, LAST_NAMES);
            String local = (first + "." + last).toLowerCase(Locale.ROOT);
            String email = null;
            for (int attempt = 0; attempt < 20 && email == null; attempt++) {
                String candidate = local + (1 + random.nextInt(999)) + "@example.com";
                if (seen.add(candidate)) {
                    email = candidate;
                }
            }
            if (email == null) {
                // Random suffixes are below 1000, so 1000 + i cannot collide with any of them or itself.
                email = local + (1000 + i) + "@example.com";
                seen.add(email);
            }
            people.add(new Person(first, last, email, displayName(random, first, last)));
        }
        return people;
    }

    private static String displayName(Random random, String first, String last) {
        int style = random.nextInt(20);
        if (style < 8) {
            return first + " " + last;
        } else if (style < 12) {
            return first + " " + last.charAt(0) + ".";
        } else if (style < 17) {
            String tag = pick(random, TAG_ADJECTIVES) + pick(random, TAG_NOUNS);
            return random.nextBoolean() ? tag : tag + (random.nextInt(99) + 1);
        } else {
            return (first + "_" + last.substring(0, Math.min(3, last.length()))).toLowerCase(Locale.ROOT)
                    + random.nextInt(100);
        }
    }

    /** One of {@code items}, uniformly. */
    static <T> T pick(Random random, List<T> items) {
        return items.get(random.nextInt(items.size()));
    }
}
