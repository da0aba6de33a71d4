package dev.warden.simulator;

import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.core.Application;

/**
 * The simulator: plays the upstream providers (infrastructure, billing, instance agents) for the demo and
 * for tests (DESIGN.md section 5). Deployed beside the EAR by the run command at {@code /simulator};
 * never part of the production EAR. The provider contracts arrive with the hosting issue.
 */
@ApplicationPath("")
public class SimulatorApplication extends Application {
}
