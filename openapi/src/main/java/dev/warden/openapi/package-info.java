/**
 * Build-time tools for the committed OpenAPI documents: merging them into the one served at {@code /openapi},
 * and the semantic diff the drift tests use.
 */
package dev.warden.openapi;
