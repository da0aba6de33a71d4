-- Resume after a node stops (docs/operations.md, "Jobs after a restart"): the node that runs a job and when it last
-- finished a row. A queued or running job whose heartbeat is older than warden.jobs.stale-seconds (or whose node starts
-- again) is taken over by a node and goes on from its last checkpoint, so that a job left running never blocks its
-- resource forever.
ALTER TABLE warden_jobs
    ADD COLUMN node         text,
    ADD COLUMN heartbeat_at timestamptz NOT NULL DEFAULT now();
