/**
 * The audit chain's use cases for admins (docs/decisions/audit-hash-chain.md): verification and the signed head
 * ({@link dev.warden.panel.chain.AuditChainChecks}), over {@code panel.audit.AuditChain}, answered as the routes'
 * JSON so that the web layer needs nothing of {@code panel.audit}.
 */
package dev.warden.panel.chain;
