/**
 * {@code /billing} (docs/hosting-api.md, "Requirements: Billing"): the team's billing account and subscriptions, read from the
 * billing provider, answering 503 {@code billing_unavailable} when it cannot. It owns no table of its own and
 * must not hold a database connection while the provider answers.
 */
package dev.warden.hosting.billing;
