package dev.warden.it.ext;

import dev.warden.panel.extension.Operation;
import dev.warden.panel.extension.PanelConfig;
import dev.warden.panel.extension.PanelCustomizer;
import dev.warden.panel.extension.Policy;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * An integrator's policy on the live rooms resource, packaged by RoomsIT into a jar in the EAR's {@code lib/}:
 * {@code list} on {@code rooms} is for admins and every mod ({@code ['admin', 'mod']}), which replaces the role
 * rule for that action only (docs/admin-api.md, "Authentication" rule 5): a mod scoped elsewhere may list rooms
 * but still may not read or act on one.
 */
@ApplicationScoped
public class RoomsListPolicy implements PanelCustomizer {

    @Override
    public void customize(PanelConfig panel) {
        panel.resource("rooms", r -> r.policy(Operation.LIST, Policy.roles("admin", "mod")));
    }
}
