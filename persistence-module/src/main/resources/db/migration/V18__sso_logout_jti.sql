-- Issue 15: back-channel logout tokens are single use (OpenID Connect Back-Channel Logout 1.0, section 2.6, step 8:
-- "the RP MAY ... check that it has not received another logout token with the same jti").
--
-- One row per accepted logout token, keyed by its issuer and jti, kept while the token could still be accepted
-- (its iat plus Warden's maximum logout-token age and the clock skew): a token whose (issuer, jti) is here is
-- refused. In PostgreSQL so that every node sees it; expired rows are deleted on every insert, and the number of live
-- rows is capped by the code (docs/sso.md, "Back-channel logout").
CREATE TABLE warden_sso_logout_jti (
    issuer      text        NOT NULL,
    jti         text        NOT NULL,
    expires_at  timestamptz NOT NULL,
    PRIMARY KEY (issuer, jti)
);
CREATE INDEX warden_sso_logout_jti_expires_at_idx ON warden_sso_logout_jti (expires_at);
