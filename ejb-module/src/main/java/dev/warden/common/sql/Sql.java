package dev.warden.common.sql;

/**
 * Warden's one data source, as the code names it. {@link #DATA_SOURCE} is the Jakarta EE platform's default data
 * source, {@code java:comp/DefaultDataSource} (Jakarta EE 10 platform spec, "Default Data Source"): a name every
 * server defines and each binds in its own configuration, never a server's global JNDI name. Open Liberty makes
 * its {@code <dataSource id="DefaultDataSource" jndiName="jdbc/warden">} the default (server.xml); WildFly its
 * {@code java:jboss/datasources/warden} ({@code /subsystem=ee/service=default-bindings}, warden.cli). Inject it
 * with {@code @Resource(lookup = Sql.DATA_SOURCE) DataSource dataSource;}; persistence.xml names the same data
 * source as its {@code jta-data-source}. Why not an application resource reference: docs/decisions.md.
 */
public final class Sql {

    /** The data source's name: the platform's default data source, bound by each server's configuration. */
    public static final String DATA_SOURCE = "java:comp/DefaultDataSource";

    private Sql() {}
}
