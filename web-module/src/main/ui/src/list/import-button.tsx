// The list page's Import button (docs/admin-api.md, "Import"): pick a CSV or NDJSON file in the shape the export
// writes, check it with a dry run (the number of records and the error rows), then confirm the import, which runs as a
// job followed on the Jobs page.
import { useState } from "react";
import { Link } from "react-router";
import { App, Button, Modal, Select, Space, Table, Typography } from "antd";
import { UploadOutlined } from "@ant-design/icons";
import { apiUrl, http, type ApiError } from "../api";
import type { ResourceInfo } from "../types";

type Report = { matched: number; errors: { row: number; column?: string; message: string }[] };

/** The button and its dialog; nothing when the operator may not create rows. */
export function ImportButton({ resource, onDone }: { resource: ResourceInfo; onDone: () => void }) {
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [mode, setMode] = useState<"insert" | "upsert">("insert");
  const [report, setReport] = useState<Report | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!resource.can.create) return null;

  const format = file?.name.toLowerCase().endsWith(".ndjson") ? "ndjson" : "csv";
  const send = async (dryRun: boolean) => {
    if (!file) return;
    setBusy(true);
    setError(null);
    try {
      const answer = await http.post(
        `${apiUrl}/${resource.key}/_import?format=${format}&mode=${mode}&dry_run=${dryRun}`, file,
        { headers: { "Content-Type": format === "csv" ? "text/csv" : "application/x-ndjson" } });
      if (dryRun) {
        setReport(answer.data as Report);
      } else {
        setOpen(false);
        const id = (answer.data as { id: string }).id;
        message.success({ content: <span id="import-queued">Import job {id} queued: <Link to={`/_jobs?job=${id}`}>follow it on the Jobs page</Link></span>, duration: 8 });
        onDone();
      }
    } catch (e) {
      setError((e as ApiError | undefined)?.message || String(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button id="import" icon={<UploadOutlined />} onClick={() => { setOpen(true); setReport(null); setError(null); setFile(null); }}>Import</Button>
      <Modal open={open} title={`Import ${resource.label} rows`} onCancel={() => setOpen(false)} width={600}
        footer={[
          <Button key="cancel" onClick={() => setOpen(false)}>Cancel</Button>,
          <Button key="check" id="import-check" disabled={!file} loading={busy} onClick={() => send(true)}>Check (dry run)</Button>,
          <Button key="run" id="import-run" type="primary" disabled={!report || report.matched === 0} loading={busy} onClick={() => send(false)}>
            {report ? `Import ${report.matched} record${report.matched === 1 ? "" : "s"}` : "Check first"}
          </Button>,
        ]}>
        <Space direction="vertical" style={{ width: "100%" }}>
          <Typography.Paragraph>A CSV or NDJSON file as the Export button writes it; an upsert updates the rows whose key the file holds.</Typography.Paragraph>
          <label htmlFor="import-file">File (.csv or .ndjson)</label>
          <input id="import-file" type="file" accept=".csv,.ndjson,text/csv,application/x-ndjson"
                 onChange={(e) => { setFile(e.target.files?.[0] ?? null); setReport(null); }} />
          <Select aria-label="Mode" id="import-mode" style={{ width: 200 }} value={mode}
                  options={[{ value: "insert", label: "Insert new rows" }, { value: "upsert", label: "Insert or update (upsert)" }]}
                  onChange={(m) => { setMode(m); setReport(null); }} />
          {error && <Typography.Text type="danger" id="import-error">{error}</Typography.Text>}
          {report && (
            <>
              <Typography.Text id="import-report">{report.matched} record{report.matched === 1 ? "" : "s"}, {report.errors.length} with errors</Typography.Text>
              {report.errors.length > 0 && (
                <Table id="import-errors" size="small" rowKey="row" pagination={false} dataSource={report.errors}
                       columns={[{ key: "row", title: "Row", render: (_, e) => e.row },
                                 { key: "column", title: "Column", render: (_, e) => e.column ?? "" },
                                 { key: "message", title: "Message", render: (_, e) => e.message }]} />
              )}
            </>
          )}
        </Space>
      </Modal>
    </>
  );
}
