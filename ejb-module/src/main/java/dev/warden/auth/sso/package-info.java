/**
 * Single sign-on with an OpenID Connect provider (docs/sso.md): the authorization code flow with PKCE,
 * {@code state} and {@code nonce} ({@link dev.warden.auth.sso.SsoSignIn}), the provider's metadata and keys
 * ({@link dev.warden.auth.sso.OidcProvider}, Nimbus OAuth 2.0 SDK), the group-to-role mapping
 * ({@link dev.warden.auth.sso.GroupMapping}) and back-channel and RP-initiated logout
 * ({@link dev.warden.auth.sso.SsoLogout}). A successful sign-in ends in an ordinary Warden session
 * ({@link dev.warden.auth.Sessions}); settings are {@link dev.warden.auth.SsoSettings}.
 */
package dev.warden.auth.sso;
