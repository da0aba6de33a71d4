/** The webhooks' admin routes under {@code /admin-api/_webhooks} (docs/webhooks.md). */
package dev.warden.web.webhooks;
