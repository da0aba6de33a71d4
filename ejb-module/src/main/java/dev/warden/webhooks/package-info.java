/**
 * Outbound webhooks (docs/webhooks.md): subscriptions, the outbox in PostgreSQL fed by every recorded audit entry,
 * the delivery loop every node runs, and the delivery log.
 */
package dev.warden.webhooks;
