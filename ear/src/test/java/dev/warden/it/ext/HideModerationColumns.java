package dev.warden.it.ext;

import dev.warden.panel.extension.PanelConfig;
import dev.warden.panel.extension.PanelCustomizer;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * An integrator's customizer that hides {@code ban} and {@code token_version} on {@code users}, packaged by
 * UsersWithoutModerationColumnsIT into a jar in the EAR's {@code lib/}: the panel then behaves as over a users
 * table without those columns.
 */
@ApplicationScoped
public class HideModerationColumns implements PanelCustomizer {

    @Override
    public void customize(PanelConfig panel) {
        panel.resource("users", r -> r.hide("ban", "token_version"));
    }
}
