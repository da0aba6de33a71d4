package dev.warden.web.panel;

import dev.warden.web.ApiExceptionMapper;
import dev.warden.web.ExposeHeadersFilter;
import dev.warden.web.UnhandledExceptionMapper;
import dev.warden.web.WebApplicationExceptionMapper;
import dev.warden.web.auth.AuthResource;
import dev.warden.web.auth.SessionFilter;
import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.core.Application;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/** The admin API under {@code /admin-api} (docs/admin-api.md, "Endpoints"). */
@ApplicationPath("admin-api")
public class AdminApiApplication extends Application {

    @Override
    public Set<Class<?>> getClasses() {
        return new LinkedHashSet<>(List.of(
                AuthResource.class,
                dev.warden.web.auth.MfaResource.class,
                dev.warden.web.auth.PasskeyResource.class,
                dev.warden.web.auth.SsoResource.class,
                PanelResource.class,
                PanelExportResource.class,
                SavedViewsResource.class,
                dev.warden.web.webhooks.WebhooksResource.class,
                HostingDashboardResource.class,
                UserModerationResource.Ban.class,
                UserModerationResource.Unban.class,
                UserModerationResource.RevokeSessions.class,
                UserModerationResource.Sessions.class,
                UserModerationResource.MfaReset.class,
                UserModerationResource.Mfa.class,
                AuditChainResource.Verify.class,
                AuditChainResource.Head.class,
                RowHistoryResource.History.class,
                RowHistoryResource.Revert.class,
                RowHistoryResource.Restore.class,
                dev.warden.web.live.LiveResource.class,
                JobsResource.Submit.class,
                JobsResource.All.class,
                JobsResource.Events.class,
                ImportResource.class,
                dev.warden.web.rooms.RoomsResource.class,
                SessionFilter.class,
                ExposeHeadersFilter.class,
                ApiExceptionMapper.class,
                WebApplicationExceptionMapper.class,
                UnhandledExceptionMapper.class));
    }
}
