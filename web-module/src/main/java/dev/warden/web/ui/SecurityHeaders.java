package dev.warden.web.ui;

import jakarta.servlet.http.HttpServletResponse;

/**
 * The browser-hardening headers of every {@code /admin} page and asset (docs/security.md):
 * no framing ({@code X-Frame-Options: DENY} and CSP {@code frame-ancestors 'none'}), {@code Referrer-Policy:
 * same-origin}, {@code X-Content-Type-Options: nosniff}, and a Content-Security-Policy the built UI satisfies:
 * scripts, fonts, images and API calls from Warden's own origin only; inline styles allowed (the UI's component
 * library injects its CSS at run time); no plugins; forms and {@code <base>} to Warden's origin only.
 */
public final class SecurityHeaders {

    /** The policy of the UI; {@link #withScriptNonce} adds one inline script for self-contained pages. */
    public static final String POLICY = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
            + "img-src 'self' data:; font-src 'self' data:; connect-src 'self'; object-src 'none'; "
            + "base-uri 'self'; form-action 'self'; frame-ancestors 'none'";

    private SecurityHeaders() {}

    /** Sets the headers on {@code response}. */
    public static void apply(HttpServletResponse response) {
        response.setHeader("X-Frame-Options", "DENY");
        response.setHeader("Referrer-Policy", "same-origin");
        response.setHeader("X-Content-Type-Options", "nosniff");
        response.setHeader("Content-Security-Policy", POLICY);
    }

    /** {@link #POLICY} that also allows the inline script carrying {@code nonce}. */
    public static String withScriptNonce(String nonce) {
        return POLICY.replace("script-src 'self'", "script-src 'self' 'nonce-" + nonce + "'");
    }
}
