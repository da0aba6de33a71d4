/**
 * The start-up warm-up: runs the panel's request paths in-process for a configured time before
 * the node reports ready, so that its first minute of real requests is not spent in the JIT compiler.
 */
package dev.warden.warmup;
