// "Apply to all N matching" (docs/admin-api.md, "Jobs"): beside the bulk bar, a job over every row the list's filters
// and search match, not only the selected page: update a column, delete, or run a per-row action. A dry run shows
// the count and a before/after preview of the first rows; the confirmation names the count; the job then runs on
// the server and the Jobs page follows it.
import { useState } from "react";
import { Link } from "react-router";
import { App, Button, Input, Modal, Select, Space, Table, Typography } from "antd";
import { ThunderboltOutlined } from "@ant-design/icons";
import { apiUrl, filtersToWire, http, type ApiError } from "../api";
import type { ColumnInfo, ResourceInfo, Row } from "../types";
import type { ListState } from "./state";

type Kind = "update" | "delete" | "action";
type Preview = { matched: number; preview: { _id: string; before: Row; after: Row | null }[] };

/** A text typed for `column` as the job's JSON value: numbers as numbers, booleans, JSON parsed, else the text. */
export function jobValue(column: ColumnInfo | undefined, text: string): unknown {
  if (!column) return text;
  if (text === "") return column.type === "boolean" ? false : null;
  if (column.type === "integer" || column.type === "number") return Number(text);
  if (column.type === "boolean") return text === "true";
  if (column.type === "json") return JSON.parse(text);
  return text;
}

/** The button and its dialog; nothing when the operator may do none of the three. */
export function ApplyToAll({ resource, state }: { resource: ResourceInfo; state: ListState }) {
  const { message } = App.useApp();
  const rowActions = resource.actions.filter((a) => a.per_row);
  const editable = resource.columns.filter((c) => !c.primary_key && !c.read_only);
  const kinds: { value: Kind; label: string }[] = [
    ...(resource.can.update && editable.length ? [{ value: "update" as Kind, label: "Update a column" }] : []),
    ...(resource.can.delete ? [{ value: "delete" as Kind, label: "Delete" }] : []),
    ...(rowActions.length ? [{ value: "action" as Kind, label: "Run an action" }] : []),
  ];
  const [open, setOpen] = useState(false);
  const [kind, setKind] = useState<Kind | undefined>(kinds[0]?.value);
  const [column, setColumn] = useState<string | undefined>(editable[0]?.name);
  const [value, setValue] = useState("");
  const [action, setAction] = useState<string | undefined>(rowActions[0]?.name);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (kinds.length === 0 || state.total === 0) return null;

  const body = (dryRun: boolean) => {
    const out: Record<string, unknown> = { kind, filter: filtersToWire(state.crudFilters), dry_run: dryRun };
    if (kind === "update" && column) out.set = { [column]: jobValue(resource.columns.find((c) => c.name === column), value) };
    if (kind === "action") out.action = action;
    return out;
  };
  const send = async (dryRun: boolean) => {
    setBusy(true);
    setError(null);
    try {
      const answer = await http.post(`${apiUrl}/${resource.key}/_jobs`, body(dryRun));
      if (dryRun) {
        setPreview(answer.data as Preview);
      } else {
        setOpen(false);
        setPreview(null);
        const id = (answer.data as { id: string }).id;
        message.success({ content: <span id="job-queued">Job {id} queued: <Link to={`/_jobs?job=${id}`}>follow it on the Jobs page</Link></span>, duration: 8 });
      }
    } catch (e) {
      setError((e as ApiError | undefined)?.message || String(e));
    } finally {
      setBusy(false);
    }
  };
  const reset = () => { setPreview(null); setError(null); };
  const shown = kind === "update" && column ? ["_id", column] : ["_id"];

  return (
    <>
      <Button id="apply-all" icon={<ThunderboltOutlined />} onClick={() => { reset(); setOpen(true); }}>
        Apply to all {state.total}{state.estimated ? " (about)" : ""} matching
      </Button>
      <Modal
        open={open}
        title={`Apply to every matching ${resource.label} row`}
        onCancel={() => setOpen(false)}
        width={640}
        footer={[
          <Button key="cancel" onClick={() => setOpen(false)}>Cancel</Button>,
          <Button key="preview" id="apply-all-preview" loading={busy} onClick={() => send(true)}>Preview</Button>,
          <Button key="run" id="apply-all-run" type="primary" danger={kind === "delete"} disabled={!preview || preview.matched === 0}
                  loading={busy} onClick={() => send(false)}>
            {preview ? `Apply to ${preview.matched} row${preview.matched === 1 ? "" : "s"}` : "Preview first"}
          </Button>,
        ]}
      >
        <Space direction="vertical" style={{ width: "100%" }}>
          <Space wrap>
            <Select aria-label="What to do" id="apply-all-kind" style={{ width: 180 }} value={kind} options={kinds}
                    onChange={(k) => { setKind(k); reset(); }} />
            {kind === "update" && (
              <>
                <Select aria-label="Column" id="apply-all-column" style={{ width: 160 }} value={column}
                        options={editable.map((c) => ({ value: c.name, label: c.label }))} onChange={(c) => { setColumn(c); reset(); }} />
                <Input aria-label="New value" id="apply-all-value" style={{ width: 200 }} value={value}
                       onChange={(e) => { setValue(e.target.value); reset(); }} />
              </>
            )}
            {kind === "action" && (
              <Select aria-label="Action" id="apply-all-action" style={{ width: 200 }} value={action}
                      options={rowActions.map((a) => ({ value: a.name, label: a.label }))} onChange={(a) => { setAction(a); reset(); }} />
            )}
          </Space>
          {error && <Typography.Text type="danger" id="apply-all-error">{error}</Typography.Text>}
          {preview && (
            <>
              <Typography.Text id="apply-all-matched">
                {preview.matched} matching row{preview.matched === 1 ? "" : "s"}; each is changed as if by hand (rows you may not change become error rows).
              </Typography.Text>
              <Table id="apply-all-table" size="small" rowKey="_id" pagination={false} dataSource={preview.preview}
                     columns={shown.map((name) => ({
                       key: name,
                       title: name === "_id" ? "Row" : `${name}: before → after`,
                       render: (_: unknown, p: Preview["preview"][number]) => name === "_id" ? p._id
                         : `${JSON.stringify(p.before[name] ?? null)} → ${JSON.stringify(p.after?.[name] ?? null)}`,
                     }))} />
            </>
          )}
        </Space>
      </Modal>
    </>
  );
}
