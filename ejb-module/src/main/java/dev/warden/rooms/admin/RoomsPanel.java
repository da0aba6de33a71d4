package dev.warden.rooms.admin;

import dev.warden.panel.extension.PanelConfig;
import dev.warden.panel.extension.PanelCustomizer;
import dev.warden.rooms.model.RoomRow;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * Registers the live rooms as the panel resource {@code rooms} (table {@code warden_rooms}), so the admin API's
 * rooms routes check the standard role rule, a configured policy on {@code rooms} and the mod scope {@code rooms}
 * like any resource (docs/admin-api.md, "Live rooms"). Every {@code /admin-api/rooms} route is served by the
 * rooms resource, not the generic CRUD one.
 */
@ApplicationScoped
public class RoomsPanel implements PanelCustomizer {

    @Override
    public void customize(PanelConfig panel) {
        panel.table("rooms", RoomRow.class).resource("rooms", r -> r.label("Rooms")
                .list(l -> l.defaultSort("created_at", dev.warden.panel.extension.SortOrder.DESC)));
    }
}
