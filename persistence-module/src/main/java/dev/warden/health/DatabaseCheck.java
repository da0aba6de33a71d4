package dev.warden.health;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.logging.Level;
import java.util.logging.Logger;
import javax.sql.DataSource;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;

/**
 * Readiness check {@code warden-database}: UP while a connection from Warden's data source
 * ({@code java:comp/DefaultDataSource}, handed over in {@link HealthState}) answers {@link Connection#isValid} within
 * {@value #TIMEOUT_SECONDS} s; DOWN otherwise, with data {@code reason} ("unreachable", "invalid connection", or "not
 * started" before the EJB module handed the data source over) and {@code sqlState} (e.g. {@code 08001}). The driver's
 * message, which names hosts and users, goes to the log at FINE only, never into the anonymous health answer.
 */
@Readiness
@ApplicationScoped
public class DatabaseCheck implements HealthCheck {

    /** The check's name in the health JSON. */
    public static final String NAME = "warden-database";

    static final int TIMEOUT_SECONDS = 2;

    private static final Logger LOG = Logger.getLogger(DatabaseCheck.class.getName());

    @Inject
    HealthState state;

    @Override
    public HealthCheckResponse call() {
        DataSource dataSource = state.dataSource();
        if (dataSource == null) {
            return HealthCheckResponse.named(NAME)
                    .down()
                    .withData("reason", "not started")
                    .build();
        }
        try (Connection connection = dataSource.getConnection()) {
            if (connection.isValid(TIMEOUT_SECONDS)) {
                return HealthCheckResponse.named(NAME).up().build();
            }
            return HealthCheckResponse.named(NAME)
                    .down()
                    .withData("reason", "invalid connection")
                    .build();
        } catch (SQLException e) {
            LOG.log(Level.FINE, "Health: the database does not answer", e);
            return HealthCheckResponse.named(NAME)
                    .down()
                    .withData("reason", "unreachable")
                    .withData("sqlState", e.getSQLState() == null ? "unknown" : e.getSQLState())
                    .build();
        }
    }
}
