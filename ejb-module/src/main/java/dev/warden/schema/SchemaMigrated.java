package dev.warden.schema;

/**
 * CDI event fired (synchronously) by {@link SchemaMigrator} when the migrations ran only after a retry, i.e.
 * after the application had started without a reachable database. Beans that read the schema at start-up
 * ({@code @DependsOn("SchemaMigrator")}) skip that work while {@link SchemaState#isMigrated()} is false and
 * do it when they observe this event.
 *
 * @param attempts how many connection attempts it took (2 or more)
 */
public record SchemaMigrated(int attempts) {}
