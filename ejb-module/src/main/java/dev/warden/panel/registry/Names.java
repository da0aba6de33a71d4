package dev.warden.panel.registry;

import java.util.Locale;

/**
 * Humanized labels from keys and SQL column names (docs/admin-api.md, "Built-in resources": "The label derives
 * from the key (humanized) unless the resource definition overrides it").
 */
public final class Names {

    private Names() {}

    /**
     * Humanizes a camelCase key or snake_case column: {@code cloudSaves} gives "Cloud Saves",
     * {@code display_name} gives "Display Name", a trailing {@code _id} is dropped ({@code user_id} gives
     * "User"), and a lone {@code id} gives "ID".
     */
    public static String humanize(String name) {
        if (name.equalsIgnoreCase("id")) {
            return "ID";
        }
        String base = name.endsWith("_id") && name.length() > 3 ? name.substring(0, name.length() - 3) : name;
        StringBuilder out = new StringBuilder();
        boolean startWord = true;
        for (int i = 0; i < base.length(); i++) {
            char c = base.charAt(i);
            if (c == '_' || c == '-' || c == ' ') {
                startWord = true;
                continue;
            }
            boolean upperBoundary = Character.isUpperCase(c) && i > 0 && Character.isLowerCase(base.charAt(i - 1));
            if ((startWord || upperBoundary) && out.length() > 0) {
                out.append(' ');
            }
            out.append(startWord || upperBoundary ? Character.toUpperCase(c) : c);
            startWord = false;
        }
        return out.toString();
    }

    /** snake_case to lowerCamelCase: {@code user_notes} gives {@code userNotes}. */
    public static String camel(String snake) {
        StringBuilder out = new StringBuilder();
        boolean upper = false;
        for (char c : snake.toCharArray()) {
            if (c == '_') {
                upper = out.length() > 0;
            } else {
                out.append(upper ? Character.toUpperCase(c) : Character.toLowerCase(c));
                upper = false;
            }
        }
        return out.toString();
    }

    /**
     * lowerCamelCase to snake_case, as a column named after a Java attribute usually is: {@code userId}
     * gives {@code user_id}, {@code createdAt} gives {@code created_at}, {@code score} stays; a name that
     * is already snake_case is unchanged.
     */
    public static String snake(String camel) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < camel.length(); i++) {
            char c = camel.charAt(i);
            if (Character.isUpperCase(c)) {
                if (i > 0 && camel.charAt(i - 1) != '_') {
                    out.append('_');
                }
                out.append(Character.toLowerCase(c));
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }

    /** The relation name a foreign-key column gives: {@code user_id} gives {@code user}. */
    public static String relationName(String fkColumn) {
        String base = fkColumn.toLowerCase(Locale.ROOT).endsWith("_id")
                ? fkColumn.substring(0, fkColumn.length() - 3)
                : fkColumn;
        return camel(base);
    }
}
