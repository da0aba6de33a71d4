/**
 * JPA entities linking teams and applications to the billing provider (billing accounts, subscriptions).
 * Entities only.
 */
package dev.warden.hosting.billing.model;
