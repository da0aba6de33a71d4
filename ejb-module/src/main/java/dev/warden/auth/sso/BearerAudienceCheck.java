package dev.warden.auth.sso;

import dev.warden.auth.SsoSettings;
import jakarta.annotation.PostConstruct;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.inject.Inject;
import java.util.logging.Logger;

/**
 * At start, one WARNING when bearer mode is on ({@code warden.sso.bearer.enabled}) without an audience of its own
 * ({@code warden.sso.bearer.audience} has no default): every bearer token is then refused, and the log says why
 * (docs/sso.md, "Machine access"; docs/decisions/sso-bearer-access-tokens.md).
 */
@Singleton
@Startup
public class BearerAudienceCheck {

    private static final Logger LOG = Logger.getLogger(BearerAudienceCheck.class.getName());

    /** The warning's text. */
    public static final String WARNING =
            "Single sign-on: bearer tokens are switched on (warden.sso.bearer.enabled) but "
                    + SsoSettings.BEARER_AUDIENCE_KEY
                    + " (WARDEN_SSO_BEARER_AUDIENCE) is not set: every bearer token is "
                    + "refused until it names the audience of Warden's API at the provider (docs/sso.md, \"Machine access\")";

    @Inject
    SsoSettings settings;

    @PostConstruct
    void check() {
        if (settings.bearerEnabled() && settings.bearerAudience().isEmpty()) {
            LOG.warning(WARNING);
        }
    }
}
