/**
 * The web layer's shared plumbing for both APIs: the exception mappers that turn every failure into the documented
 * error body ({@link dev.warden.web.ErrorBodies}, codes from {@link dev.warden.common.ErrorCode}), the recognition
 * of database outages as 503 ({@link dev.warden.web.DatabaseFailures}) and JSON body parsing. It must hold no
 * domain rule (those live in EJBs) and must not reach into persistence entities.
 */
package dev.warden.web;
