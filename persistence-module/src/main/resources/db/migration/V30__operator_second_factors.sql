-- Second factors of panel operators (docs/security.md, "Second factors and step-up").
--
-- TOTP secrets are stored encrypted (AES-GCM; the key is warden.mfa.encryption-key, else the generated row of
-- warden_mfa_key), recovery codes as SHA-256 hashes, pending sign-ins by the SHA-256 of their cookie value.
-- Every row is in PostgreSQL so that any node finishes a sign-in and the failure throttle is shared.
CREATE TABLE warden_mfa_key (
    id   int   PRIMARY KEY CHECK (id = 1),
    key  bytea NOT NULL
);
-- 32 bytes from two version-4 UUIDs (gen_random_uuid draws from a cryptographically strong source)
INSERT INTO warden_mfa_key (id, key)
VALUES (1, decode(replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', ''), 'hex'));

CREATE TABLE warden_mfa_totp (
    user_id     bigint      PRIMARY KEY REFERENCES warden_users (id) ON DELETE CASCADE,
    secret      bytea       NOT NULL,
    confirmed   boolean     NOT NULL DEFAULT false,
    last_step   bigint      NOT NULL DEFAULT 0,
    created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE warden_mfa_recovery_codes (
    user_id     bigint      NOT NULL REFERENCES warden_users (id) ON DELETE CASCADE,
    code_hash   text        NOT NULL,
    used_at     timestamptz,
    PRIMARY KEY (user_id, code_hash)
);

CREATE TABLE warden_mfa_passkeys (
    id              bigserial   PRIMARY KEY,
    user_id         bigint      NOT NULL REFERENCES warden_users (id) ON DELETE CASCADE,
    credential_id   text        NOT NULL UNIQUE,
    name            text        NOT NULL,
    attested        bytea       NOT NULL,
    sign_count      bigint      NOT NULL DEFAULT 0,
    created_at      timestamptz NOT NULL DEFAULT now(),
    last_used_at    timestamptz
);
CREATE INDEX warden_mfa_passkeys_user_idx ON warden_mfa_passkeys (user_id);

-- a sign-in that passed the password and waits for the second factor (kind 'signin'), or a WebAuthn
-- challenge (kind 'webauthn-register', 'webauthn-signin', 'webauthn-assert'); one use, 5 minutes
CREATE TABLE warden_mfa_pending (
    id          text        PRIMARY KEY,
    kind        text        NOT NULL,
    user_id     bigint      REFERENCES warden_users (id) ON DELETE CASCADE,
    challenge   text,
    failures    int         NOT NULL DEFAULT 0,
    ip          text,
    user_agent  text,
    created_at  timestamptz NOT NULL DEFAULT now(),
    expires_at  timestamptz NOT NULL
);
CREATE INDEX warden_mfa_pending_expires_idx ON warden_mfa_pending (expires_at);

-- when the session last proved a second factor (sign-in, confirmation, step-up); null: never
ALTER TABLE warden_sessions ADD COLUMN factor_at timestamptz;
