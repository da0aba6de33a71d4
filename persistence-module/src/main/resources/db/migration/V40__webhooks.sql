-- Outbound webhooks (docs/webhooks.md; docs/decisions/webhooks-outbox-after-the-audit-row.md): subscriptions, the
-- outbox of events and one delivery row per event and subscription, drained by every node with
-- FOR UPDATE SKIP LOCKED, and each delivery's attempts.
CREATE TABLE warden_webhooks (
    id                     bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    url                    text        NOT NULL,
    events                 text[]      NOT NULL,
    description            text,
    enabled                boolean     NOT NULL DEFAULT true,
    -- the signing secret, sealed with AES-256-GCM under warden.webhooks.secret-key ('aes:...'), or 'plain:...'
    -- when no key is configured (docs/webhooks.md, "How secrets are stored")
    secret                 text        NOT NULL,
    previous_secret        text,
    previous_secret_until  timestamptz,
    disabled_reason        text,
    failing_since          timestamptz,
    created_by             bigint,
    created_at             timestamptz NOT NULL DEFAULT now(),
    updated_at             timestamptz NOT NULL DEFAULT now()
);

-- One row per event with at least one matching subscription: the message id (the webhook-id header) and the
-- whole body, signed as it is stored.
CREATE TABLE warden_webhook_events (
    id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    msg_id      text        NOT NULL UNIQUE,
    type        text        NOT NULL,
    body        text        NOT NULL,
    created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX warden_webhook_events_created_at_idx ON warden_webhook_events (created_at);

-- The outbox: a pending row is due at next_attempt_at; a node claims it by moving next_attempt_at past its lease
-- (warden.webhooks.claim-seconds), so a node killed mid-delivery leaves it due again once the lease ran out.
CREATE TABLE warden_webhook_deliveries (
    id                bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    webhook_id        bigint      NOT NULL REFERENCES warden_webhooks (id) ON DELETE CASCADE,
    event_id          bigint      NOT NULL REFERENCES warden_webhook_events (id) ON DELETE CASCADE,
    status            text        NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'failed')),
    attempts          integer     NOT NULL DEFAULT 0,
    next_attempt_at   timestamptz NOT NULL DEFAULT now(),
    last_status_code  integer,
    last_error        text,
    last_duration_ms  integer,
    created_at        timestamptz NOT NULL DEFAULT now(),
    finished_at       timestamptz
);
CREATE INDEX warden_webhook_deliveries_due_idx ON warden_webhook_deliveries (next_attempt_at) WHERE status = 'pending';
CREATE INDEX warden_webhook_deliveries_webhook_idx ON warden_webhook_deliveries (webhook_id, id DESC);
CREATE INDEX warden_webhook_deliveries_event_idx ON warden_webhook_deliveries (event_id);

-- Each attempt: status code (null when no answer came), duration, a bounded excerpt of the answer or the error.
CREATE TABLE warden_webhook_attempts (
    id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    delivery_id  bigint      NOT NULL REFERENCES warden_webhook_deliveries (id) ON DELETE CASCADE,
    attempt      integer     NOT NULL,
    at           timestamptz NOT NULL DEFAULT now(),
    status_code  integer,
    duration_ms  integer     NOT NULL,
    excerpt      text        CHECK (length(excerpt) <= 512),
    node         text
);
CREATE INDEX warden_webhook_attempts_delivery_idx ON warden_webhook_attempts (delivery_id, attempt);
