package dev.warden.schema;

import dev.warden.common.sql.Sql;
import java.util.Optional;
import java.util.logging.Logger;
import javax.sql.DataSource;

/**
 * The check that Warden does not run as a PostgreSQL superuser (docs/operations.md, "Database roles"): a superuser
 * can disable the audit log's append-only triggers, so a compromised application could rewrite its own trail. Once
 * the schema is migrated, a server whose application data source connects as a superuser logs one WARNING naming the
 * fix; the demo ({@code warden.demo=true}) stays quiet, since {@code ./run.sh} gives it roles of its own anyway.
 */
public final class DatabaseRoles {

    private static final Logger LOG = Logger.getLogger(DatabaseRoles.class.getName());

    private DatabaseRoles() {}

    /**
     * The warning for a connection as {@code user}; empty when {@code superuser} is false or {@code demo} is true.
     */
    public static Optional<String> superuserWarning(String user, boolean superuser, boolean demo) {
        if (!superuser || demo) {
            return Optional.empty();
        }
        return Optional.of("Warden is connected to PostgreSQL as the superuser \"" + user + "\", which can switch off "
                + "the audit log's protections: give it roles that are not superusers (WARDEN_DB_USER, "
                + "WARDEN_DB_MIGRATION_USER and docs/db-roles.sql; docs/operations.md, \"Database roles\")");
    }

    /** Asks the database who the application connects as and logs {@link #superuserWarning} when there is one. */
    static void warnIfSuperuser(DataSource dataSource, boolean demo) {
        try {
            Sql.first(
                            dataSource,
                            "Reading the database user",
                            "SELECT current_user, rolsuper FROM pg_roles WHERE rolname = current_user",
                            rs -> superuserWarning(rs.getString(1), rs.getBoolean(2), demo))
                    .flatMap(warning -> warning)
                    .ifPresent(LOG::warning);
        } catch (IllegalStateException e) {
            LOG.fine(() -> "Schema: could not tell whether the database user is a superuser: " + e.getMessage());
        }
    }
}
