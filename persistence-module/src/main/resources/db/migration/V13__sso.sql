-- Issue 15: enterprise single sign-on with OpenID Connect (docs/sso.md).
--
-- Where a role row comes from: 'manual' (granted in the panel, by bootstrap or by SQL) or 'sso' (granted from the
-- provider's groups at the last SSO sign-in; replaced at every SSO sign-in, docs/sso.md "Roles"). A role granted
-- both ways keeps its manual row only (the unique key is unchanged; SSO inserts skip existing rows).
ALTER TABLE warden_roles ADD COLUMN origin text NOT NULL DEFAULT 'manual';
ALTER TABLE warden_roles ADD CONSTRAINT warden_roles_origin_check CHECK (origin IN ('manual', 'sso'));

-- The provider's identity of a user: found by (issuer, subject), never by email alone.
CREATE TABLE warden_sso_identities (
    issuer         text        NOT NULL,
    subject        text        NOT NULL,
    user_id        bigint      NOT NULL REFERENCES warden_users (id) ON DELETE CASCADE,
    created_at     timestamptz NOT NULL DEFAULT now(),
    last_login_at  timestamptz,
    PRIMARY KEY (issuer, subject)
);
CREATE INDEX warden_sso_identities_user_id_idx ON warden_sso_identities (user_id);

-- Sign-ins under way: one row per redirect to the provider, keyed by the SHA-256 (hex) of the state, holding the
-- nonce and the PKCE verifier; deleted when the callback uses it, ignored (and swept) once expired.
CREATE TABLE warden_sso_requests (
    state_hash     text        PRIMARY KEY,
    nonce          text        NOT NULL,
    code_verifier  text        NOT NULL,
    created_at     timestamptz NOT NULL DEFAULT now(),
    expires_at     timestamptz NOT NULL
);
CREATE INDEX warden_sso_requests_expires_at_idx ON warden_sso_requests (expires_at);

-- How a session was made: 'password' or 'sso'; an SSO session also names its provider's issuer and session id
-- (the ID token's sid claim, for back-channel logout).
ALTER TABLE warden_sessions ADD COLUMN auth_method text NOT NULL DEFAULT 'password';
ALTER TABLE warden_sessions ADD CONSTRAINT warden_sessions_auth_method_check CHECK (auth_method IN ('password', 'sso'));
ALTER TABLE warden_sessions ADD COLUMN sso_issuer text;
ALTER TABLE warden_sessions ADD COLUMN sso_sid text;
CREATE INDEX warden_sessions_sso_sid_idx ON warden_sessions (sso_issuer, sso_sid) WHERE sso_sid IS NOT NULL;
