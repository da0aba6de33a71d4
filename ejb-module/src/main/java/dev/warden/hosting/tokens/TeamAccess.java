package dev.warden.hosting.tokens;

/**
 * What a valid API token grants: read access to one team's applications and billing summary
 * (docs/hosting-api.md, "Requirements: Authentication" rule 3).
 *
 * @param teamId  the team whose data the token reads
 * @param tokenId id of the token row (for rate limits and last-used bookkeeping)
 */
public record TeamAccess(long teamId, long tokenId) {}
