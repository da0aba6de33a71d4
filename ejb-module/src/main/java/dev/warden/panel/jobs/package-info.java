/**
 * Jobs: an update, delete or custom action over every row a filter matches, on Jakarta Batch (docs/admin-api.md,
 * "Jobs"; docs/decisions/jobs-on-jakarta-batch.md). {@link dev.warden.panel.jobs.Jobs} is the service the routes call;
 * {@link dev.warden.panel.jobs.JobStore} keeps {@code warden_jobs} and the staged items; the batch artifacts
 * ({@link dev.warden.panel.jobs.JobItemReader}, {@link dev.warden.panel.jobs.JobItemWriter},
 * {@link dev.warden.panel.jobs.JobLifecycle}) run the one job {@code warden-job}.
 */
package dev.warden.panel.jobs;
