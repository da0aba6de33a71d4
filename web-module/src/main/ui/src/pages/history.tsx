// A row's history: the History tab of the show page lists the row's audit entries newest first
// (GET /admin-api/:resource/:id/_history), each update with its column diff (before -> after), and reverts an update
// (POST /admin-api/:resource/:id/_revert {audit_id}; 409 when a column changed since). The audit log's show page of
// a `delete` entry restores the row (POST /admin-api/:resource/_restore {audit_id}). The server decides what the
// caller may see (unreadable and write-only columns never appear) and may do; the buttons follow the catalog.
import { useCallback, useEffect, useState, type ReactNode } from "react";
import { Link, useNavigate } from "react-router";
import { useInvalidate, useResourceSubscription } from "@refinedev/core";
import { App, Button, Card, Result, Space, Table, Tabs, Tag, Typography } from "antd";
import { RollbackOutlined, UndoOutlined } from "@ant-design/icons";
import { apiUrl, http, post, type ApiError } from "../api";
import { columnOf, useSession } from "../session";
import { actionColor, formatValue } from "../cells";
import { ColorTag } from "../tags";
import type { components } from "../generated/admin-api";
import type { ResourceInfo, Row } from "../types";

export type HistoryEntry = components["schemas"]["HistoryEntry"];
type Change = { before?: unknown; after?: unknown };

const PAGE = 20;

/**
 * The History tab of a show page, in a card of its own under the relation tabs (the users page already has more
 * tabs than its width shows).
 */
export function HistoryCard({ resource, id }: { resource: ResourceInfo; id: string }) {
  const items = [{ key: "_history", label: <span data-tab="history">History</span>, children: <RowHistory resource={resource} id={id} /> }];
  return <Card><Tabs id="history-tabs" items={items} /></Card>;
}

/** Text of a column's value in a diff: its catalog type, "empty" for null. */
function valueText(resource: ResourceInfo, column: string, value: unknown): string {
  if (value === null || value === undefined) return "empty";
  return formatValue(value, columnOf(resource, column)?.type ?? "string");
}

const labelOf = (resource: ResourceInfo, column: string) => columnOf(resource, column)?.label ?? column;

/** The update's changes as {column: {before, after}} (an empty object when the payload has none). */
export const changesOf = (entry: HistoryEntry): Record<string, Change> =>
  ((entry.payload as { changes?: Record<string, Change> }).changes) ?? {};

const revertedFrom = (entry: HistoryEntry): number | undefined =>
  (entry.payload as { reverted_from?: number }).reverted_from;

function Details({ resource, entry }: { resource: ResourceInfo; entry: HistoryEntry }) {
  const payload = entry.payload as Record<string, unknown>;
  const from = revertedFrom(entry);
  const revert = from !== undefined && <Tag className="history-reverted-from" data-reverted-from={from}>revert of #{from}</Tag>;
  if (entry.action === "update") {
    const changes = Object.entries(changesOf(entry));
    return (
      <Space direction="vertical" size={2}>
        {revert}
        {changes.length === 0 && <Typography.Text type="secondary">No column you may see changed</Typography.Text>}
        <ul className="history-diff" style={{ margin: 0, paddingLeft: 18 }}>
          {changes.map(([column, c]) => (
            <li key={column} data-column={column}>
              <Typography.Text strong>{labelOf(resource, column)}</Typography.Text>:{" "}
              <Typography.Text delete type="secondary" className="before">{valueText(resource, column, c.before)}</Typography.Text>
              {" → "}
              <Typography.Text className="after">{valueText(resource, column, c.after)}</Typography.Text>
            </li>
          ))}
        </ul>
      </Space>
    );
  }
  if ((entry.action === "create" || entry.action === "delete") && payload.row && typeof payload.row === "object") {
    const values = Object.entries(payload.row as Record<string, unknown>)
      .map(([column, v]) => `${labelOf(resource, column)}: ${valueText(resource, column, v)}`).join(" · ");
    return <Space direction="vertical" size={2}>{revert}<Typography.Text className="history-row">{values}</Typography.Text></Space>;
  }
  if (entry.action === "custom" && payload.name) {
    return (
      <span>Action <Typography.Text code>{String(payload.name)}</Typography.Text>
        {payload.error ? <Typography.Text type="danger"> failed: {String(payload.error)}</Typography.Text> : null}</span>
    );
  }
  return null;
}

function RowHistory({ resource, id }: { resource: ResourceInfo; id: string }) {
  const key = resource.key;
  const { modal, message } = App.useApp();
  const { catalog } = useSession();
  const invalidate = useInvalidate();
  const [page, setPage] = useState(1);
  const [state, setState] = useState<{ entries: HistoryEntry[]; total: number; loading: boolean; error?: string }>(
    { entries: [], total: 0, loading: true });
  const url = `${apiUrl}/${key}/${encodeURIComponent(id)}/_history`;

  const load = useCallback(async () => {
    setState((s) => ({ ...s, loading: true }));
    try {
      const r = await http.get<HistoryEntry[]>(url, { params: { _start: (page - 1) * PAGE, _end: page * PAGE } });
      const total = Number(r.headers["x-total-count"]);
      setState({ entries: r.data, total: Number.isFinite(total) ? total : r.data.length, loading: false });
    } catch (e) {
      setState({ entries: [], total: 0, loading: false, error: (e as ApiError).message });
    }
  }, [url, page]);
  useEffect(() => { load(); }, [load]);

  // the row changed while the tab is open (anyone, on any node): the new entry shows at once
  useResourceSubscription({
    resource: key,
    channel: `resources/${key}`,
    types: ["updated", "deleted"],
    params: { ids: [id], id, subscriptionType: "useOne" },
    liveMode: "manual",
    onLiveEvent: () => { setPage(1); load(); },
  });

  const revert = (entry: HistoryEntry) => {
    const changes = Object.entries(changesOf(entry));
    modal.confirm({
      title: `Revert audit entry #${entry.id}?`,
      content: (
        <div id="revert-summary">
          <p>These columns get their earlier values back:</p>
          <ul>{changes.map(([column, c]) => (
            <li key={column}>{labelOf(resource, column)}: {valueText(resource, column, c.after)} → {valueText(resource, column, c.before)}</li>
          ))}</ul>
          <p>The revert is audited as an update of its own.</p>
        </div>
      ),
      okText: "Revert",
      okButtonProps: { id: "confirm-ok", danger: true },
      onOk: async () => {
        try {
          await post(`${key}/${encodeURIComponent(id)}/_revert`, { audit_id: entry.id });
          message.success({ content: `Reverted audit entry #${entry.id}`, className: "revert-success" });
          invalidate({ resource: key, id, invalidates: ["detail", "list"] });
          setPage(1);
          await load();
        } catch (e) {
          const error = e as ApiError;
          if (error.statusCode === 409) {
            modal.warning({
              title: "Not reverted: the row changed since",
              content: <div id="revert-conflict">
                <p>{error.message}.</p>
                <p>A revert only puts values back that still are what this entry wrote. Revert the later changes first
                  (newest first), or edit the row.</p>
              </div>,
              okButtonProps: { id: "conflict-ok" },
            });
          } else {
            modal.error({ title: "Revert failed", content: <div id="revert-failure">{error.message}</div> });
          }
        }
      },
    });
  };

  if (state.error) return <Result status="warning" subTitle={state.error} />;
  const users = catalog.resources.find((r) => r.key === "users");
  const columns = [
    { key: "id", title: "#", dataIndex: "id", width: 80 },
    { key: "created_at", title: "When", dataIndex: "created_at", width: 170,
      render: (v: string) => formatValue(v, "datetime") },
    { key: "action", title: "Action", dataIndex: "action",
      render: (v: string) => <ColorTag color={actionColor(v)} style={undefined} data-badge={v}>{v}</ColorTag> },
    { key: "operator", title: "By", dataIndex: "operator_id",
      render: (v: number | null) => (v === null ? <Typography.Text type="secondary">—</Typography.Text>
        : users?.can.read ? <Link to={`/users/show/${v}`}>#{v}</Link> : `#${v}`) },
    { key: "details", title: "Changes", render: (_: unknown, entry: HistoryEntry) => <Details resource={resource} entry={entry} /> },
    ...(resource.can.update ? [{
      key: "revert", title: <span style={{ position: "absolute", width: 1, height: 1, overflow: "hidden", clip: "rect(0 0 0 0)" }}>Revert</span>,
      render: (_: unknown, entry: HistoryEntry): ReactNode => (entry.action === "update" && Object.keys(changesOf(entry)).length > 0
        ? <Button size="small" icon={<UndoOutlined />} className="history-revert" aria-label={`Revert audit entry ${entry.id}`}
                  onClick={() => revert(entry)}>Revert</Button>
        : null),
    }] : []),
  ];
  return (
    <Table id="history" rowKey="id" size="small" loading={state.loading} dataSource={state.entries} columns={columns}
           onRow={(entry) => ({ "data-entry": entry.id, "data-action": entry.action }) as React.HTMLAttributes<HTMLElement>}
           pagination={{ current: page, pageSize: PAGE, total: state.total, showSizeChanger: false,
             onChange: setPage, hideOnSinglePage: true }} />
  );
}

/**
 * On the audit log's show page of a `delete` entry: Restore re-creates the row it recorded (POST
 * /admin-api/:resource/_restore {audit_id}) when the catalog lets the operator create rows of that resource.
 */
export function RestoreButton({ row }: { row: Row }) {
  const entry = row as Row & { id?: number; action?: string; resource?: string };
  const { catalog } = useSession();
  const { modal, message } = App.useApp();
  const navigate = useNavigate();
  const target = catalog.resources.find((r) => r.key === entry.resource);
  if (entry.action !== "delete" || !target?.can.create || entry.id === undefined) return null;
  const restore = () => modal.confirm({
    title: `Restore the deleted ${target.label} row ${String(row.target_id ?? "")}?`,
    content: "The row is created again with its key and the values this entry recorded; the restore is audited as a create.",
    okText: "Restore",
    okButtonProps: { id: "confirm-ok" },
    onOk: async () => {
      try {
        const restored = await post<Row>(`${target.key}/_restore`, { audit_id: entry.id });
        message.success({ content: `Restored ${target.label} ${restored._id}`, className: "restore-success" });
        navigate(`/${target.key}/show/${encodeURIComponent(String(restored._id))}`);
      } catch (e) {
        const error = e as ApiError;
        modal.error({
          title: error.statusCode === 409 ? "Not restored: the row exists again" : "Restore failed",
          content: <div id="restore-failure">{error.message}</div>,
        });
      }
    },
  });
  return <Button id="restore" icon={<RollbackOutlined />} onClick={restore}>Restore row</Button>;
}
