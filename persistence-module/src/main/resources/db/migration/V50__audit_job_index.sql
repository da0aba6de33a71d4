-- A job's audit entries by its id (docs/admin-api.md, "Jobs", revert): a revert reads every create, update and delete
-- entry whose payload names the job, and the benchmark's jobs write a million of them; without this index each revert
-- read the whole audit log.
CREATE INDEX warden_admin_audit_job_idx ON warden_admin_audit (((payload ->> 'job_id')::bigint), chain_seq)
    WHERE payload ? 'job_id';
