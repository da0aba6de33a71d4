package dev.warden.panel.registry;

import java.util.Map;
import java.util.Set;

/**
 * What the registry is told about one table before it reads the database catalog: the spec's
 * {@code tables} entry (key and entity) plus the few built-in customisations.
 *
 * @param key          canonical key
 * @param entityClass  JPA entity mapped to the table (its {@code @Table} names the table)
 * @param label        label override, or null for the humanized key
 * @param hidden       SQL columns that never leave the server (e.g. {@code password_hash})
 * @param defaultSort  default sort, or null for the first primary-key column descending
 * @param linkFromColumn columns whose link target is named by another column ({@code resourceFromColumn})
 */
public record TableSpec(String key, Class<?> entityClass, String label, Set<String> hidden,
                        ResourceDef.Sort defaultSort, Map<String, String> linkFromColumn) {

    /** A table with no customisation. */
    public static TableSpec of(String key, Class<?> entityClass) {
        return new TableSpec(key, entityClass, null, Set.of(), null, Map.of());
    }
}
