package dev.warden.panel.extension;

/**
 * What a {@link DefaultsFunction} knows about the INSERT it computes defaults for (docs/admin-api.md, "Resource definition",
 * {@code create.defaults}: "ctx holds operatorId and resource").
 *
 * @param operatorId the signed-in operator's user id; null when there is none (the spec: "operatorId is
 *                   undefined when role enforcement is off")
 * @param resource   the resource key
 */
public record CreateContext(Long operatorId, String resource) {}
