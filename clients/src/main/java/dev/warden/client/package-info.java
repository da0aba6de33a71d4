/**
 * Java clients of the hosting API: {@code HostingApi} over the generated client, and {@code HostingPoller},
 * which polls within the rate limits and honours {@code max-age} and {@code Retry-After} (docs/sdk.md).
 */
package dev.warden.client;
