package dev.warden.simulator;

import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.core.Application;

/**
 * The simulator: plays the upstream providers (infrastructure, billing, instance agents) for the demo and
 * for tests (docs/architecture.md, "Requirements: Hosting side"). Deployed beside the EAR (run server and integration-test server) at {@code /warden-simulator};
 * never part of the production EAR. See docs/simulator.md.
 */
@ApplicationPath("")
public class SimulatorApplication extends Application {}
