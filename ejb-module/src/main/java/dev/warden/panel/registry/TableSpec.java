package dev.warden.panel.registry;

/**
 * A {@code tables} entry as registered ({@code panel.table(key, Entity.class)}), before the registry reads
 * the database catalog. How the table looks is its {@code resources} entry ({@link ResourceSettings}).
 *
 * @param key         canonical key
 * @param entityClass JPA entity mapped to the table (its {@code @Table} names the table)
 */
public record TableSpec(String key, Class<?> entityClass) {

    /** The entry for {@code key}. */
    public static TableSpec of(String key, Class<?> entityClass) {
        return new TableSpec(key, entityClass);
    }
}
