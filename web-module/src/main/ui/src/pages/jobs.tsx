// The Jobs page (docs/admin-api.md, "Jobs"): the newest jobs (every operator's for an admin, else the caller's) with
// status, a progress bar and counts, each job's error rows downloadable as CSV, cancel while it runs, and revert once it
// ended (a dry run first: the confirmation names the rows changed since, and confirming them is the "force"). Kept
// fresh by the
// jobs' live stream (GET /admin-api/_jobs/_events: a job's id whenever it moves), re-reading the list on each event.
import { useCallback, useEffect, useState } from "react";
import { App, Button, Card, Progress, Space, Table, Typography } from "antd";
import { DownloadOutlined, RollbackOutlined, StopOutlined } from "@ant-design/icons";
import { apiUrl, http, type ApiError } from "../api";
import { ColorTag } from "../tags";

type JobError = { row: number; _id?: string; message: string };
type Job = {
  id: string; resource: string; kind: string; status: string; total: number; processed: number; failed: number;
  created_by: number; created_at: string; finished_at: string | null; errors?: JobError[];
};

type RevertReport = { matched: number; conflicted: number; conflicts: { _id: string; audit_id: number }[] };
const REVERTIBLE = ["update", "delete", "import", "revert"];

const STATUS_COLORS: Record<string, string> = { queued: "default", running: "blue", done: "green", failed: "red", cancelled: "gold" };

/** The error rows as CSV text: row, _id, message, each quoted. */
export function errorsCsv(errors: JobError[]): string {
  const quote = (s: string) => `"${s.replace(/"/g, '""')}"`;
  return ["row,_id,message", ...errors.map((e) => [String(e.row), quote(e._id ?? ""), quote(e.message)].join(","))].join("\r\n") + "\r\n";
}

export function JobsPage() {
  const { message, modal } = App.useApp();
  const [jobs, setJobs] = useState<Job[]>([]);
  const [loading, setLoading] = useState(true);
  const load = useCallback(async () => {
    try {
      setJobs((await http.get<Job[]>(`${apiUrl}/_jobs`)).data);
    } finally {
      setLoading(false);
    }
  }, []);
  useEffect(() => {
    load();
    const source = new EventSource(`${apiUrl}/_jobs/_events`);
    source.addEventListener("updated", () => load());
    return () => source.close();
  }, [load]);

  const downloadErrors = async (job: Job) => {
    const full = (await http.get<Job>(`${apiUrl}/_jobs/${job.id}`)).data;
    const url = URL.createObjectURL(new Blob([errorsCsv(full.errors ?? [])], { type: "text/csv" }));
    const link = document.createElement("a");
    link.href = url;
    link.download = `job-${job.id}-errors.csv`;
    link.click();
    URL.revokeObjectURL(url);
  };
  const cancel = async (job: Job) => {
    try {
      await http.post(`${apiUrl}/_jobs/${job.id}/cancel`);
      message.info(`Job ${job.id}: cancelling`);
      load();
    } catch (e) {
      message.error((e as ApiError | undefined)?.message || String(e));
    }
  };

  const revert = async (job: Job) => {
    let report: RevertReport;
    try {
      report = (await http.post<RevertReport>(`${apiUrl}/_jobs/${job.id}/revert?dry_run=true`)).data;
    } catch (e) {
      message.error((e as ApiError | undefined)?.message || String(e));
      return;
    }
    const force = report.conflicted > 0;
    modal.confirm({
      title: force
        ? `Revert job ${job.id}? ${report.conflicted} row${report.conflicted === 1 ? "" : "s"} changed since`
        : `Revert job ${job.id}?`,
      content: (
        <div id="revert-report">
          <p id="revert-matched">{`${report.matched} row${report.matched === 1 ? "" : "s"} will be undone, as one new job.`}</p>
          {force && (
            <>
              <p>These rows were changed after the job; reverting puts the job's old values over those changes too:</p>
              <ul id="revert-conflicts">
                {report.conflicts.map((c) => <li key={c._id} data-row={c._id}>{`${job.resource} ${c._id}`}</li>)}
              </ul>
            </>
          )}
        </div>
      ),
      okText: force ? `Force revert of ${report.matched} rows` : `Revert ${report.matched} rows`,
      okButtonProps: { danger: true, id: "confirm-ok" },
      onOk: async () => {
        try {
          const queued = (await http.post<{ id: string }>(`${apiUrl}/_jobs/${job.id}/revert${force ? "?force=true" : ""}`)).data;
          message.info(`Revert queued: job ${queued.id}`);
          load();
        } catch (e) {
          message.error((e as ApiError | undefined)?.message || String(e));
        }
      },
    });
  };

  return (
    <div>
      <Typography.Title level={3} id="page-title">Jobs</Typography.Title>
      <Card>
        <Table<Job> id="jobs-table" rowKey="id" size="middle" loading={loading} dataSource={jobs} pagination={false}
                    scroll={{ x: "max-content" }}
                    onRow={(job) => ({ "data-job": job.id } as React.HTMLAttributes<HTMLElement>)}
                    columns={[
          { key: "id", title: "Job", render: (_, j) => j.id },
          { key: "resource", title: "Resource", render: (_, j) => j.resource },
          { key: "kind", title: "Kind", render: (_, j) => <span className="job-kind">{j.kind}</span> },
          { key: "status", title: "Status", render: (_, j) => <ColorTag className="job-status" color={STATUS_COLORS[j.status]}>{j.status}</ColorTag> },
          { key: "progress", title: "Progress", render: (_, j) => (
            <Space direction="vertical" size={0} style={{ minWidth: 160 }}>
              <Progress percent={j.total ? Math.round((100 * j.processed) / j.total) : j.status === "done" ? 100 : 0}
                        size="small" status={j.status === "failed" ? "exception" : undefined}
                        aria-label={`Job ${j.id} progress`} />
              <Typography.Text type="secondary" className="job-counts">
                {j.processed} of {j.total} rows, {j.failed} failed
              </Typography.Text>
            </Space>
          ) },
          { key: "created_at", title: "Started", render: (_, j) => new Date(j.created_at).toLocaleString() },
          { key: "actions", title: "", render: (_, j) => (
            <Space>
              {j.failed > 0 && (
                <Button size="small" icon={<DownloadOutlined />} className="job-errors" onClick={() => downloadErrors(j)}>Errors (CSV)</Button>
              )}
              {(j.status === "queued" || j.status === "running") && (
                <Button size="small" danger icon={<StopOutlined />} className="job-cancel" onClick={() => cancel(j)}>Cancel</Button>
              )}
              {REVERTIBLE.includes(j.kind) && !["queued", "running"].includes(j.status) && j.processed > j.failed && (
                <Button size="small" icon={<RollbackOutlined />} className="job-revert" onClick={() => revert(j)}>Revert</Button>
              )}
            </Space>
          ) },
        ]} />
      </Card>
    </div>
  );
}
