// The list's bulk-action bar (docs/decisions/admin-ui-on-refine-building-blocks.md, "Bulk work"), shown while rows
// are selected: the count, delete the selection, each per-row custom action on the selection, clear. Each row is
// sent on its own, one after the other, after one confirmation; the rows that failed are listed with their error
// and stay selected after a delete.
import { App, Button, Space, Typography } from "antd";
import { DeleteOutlined } from "@ant-design/icons";
import { apiUrl, dataProvider, http, type ApiError } from "../api";
import type { ActionInfo, ResourceInfo, Row } from "../types";
import type { ListState } from "./state";

/** A row whose request failed, with the error's message. */
type Failure = { row: Row; message: string };

/** Runs `fn` on each row one after the other; resolves to the failures ({row, message}). */
async function eachRow(rows: Row[], fn: (row: Row) => Promise<unknown>): Promise<Failure[]> {
  const failures: Failure[] = [];
  for (const row of rows) {
    try {
      await fn(row);
    } catch (e) {
      failures.push({ row, message: (e as ApiError | undefined)?.message || String(e) });
    }
  }
  return failures;
}

/** The bar over the table while rows are selected; nothing when none is. */
export function BulkBar({ resource, state }: { resource: ResourceInfo; state: ListState }) {
  const key = resource.key;
  const { modal, message } = App.useApp();
  const { selected, setSelected, selectedRows, refresh } = state;
  const rowActions = resource.actions.filter((a) => a.per_row);

  /** Reports the outcome of a bulk run: a toast when all went well, else the failed rows with their messages. */
  const report = (what: string, total: number, failures: Failure[]) => {
    if (failures.length === 0) {
      message.success({ content: `${what}: ${total} row${total === 1 ? "" : "s"} done`, className: "bulk-success" });
      return;
    }
    modal.error({
      title: `${what}: ${failures.length} of ${total} failed`,
      width: 560,
      content: (
        <ul id="bulk-failures">
          {failures.map((f) => <li key={f.row._id} data-row={f.row._id}>{`${f.row._id}: ${f.message}`}</li>)}
        </ul>
      ),
    });
  };

  const bulkDelete = () => {
    const targets = selectedRows;
    modal.confirm({
      title: `Delete ${targets.length} ${resource.label} row${targets.length === 1 ? "" : "s"}?`,
      content: "Each row is deleted for good (the audit log keeps a copy of each).",
      okText: `Delete ${targets.length}`,
      okButtonProps: { danger: true, id: "confirm-ok" },
      onOk: async () => {
        const failures = await eachRow(targets, (row) => dataProvider.deleteOne({ resource: key, id: row._id }));
        setSelected(failures.map((f) => f.row._id));
        refresh();
        report("Delete", targets.length, failures);
      },
    });
  };

  const bulkRowAction = (action: ActionInfo) => {
    const targets = selectedRows;
    modal.confirm({
      title: action.confirm?.title || `Run "${action.label}" on ${targets.length} row${targets.length === 1 ? "" : "s"}?`,
      content: action.confirm?.description || `This runs "${action.label}" once for each selected row.`,
      okText: action.label,
      okButtonProps: { id: "confirm-ok" },
      onOk: async () => {
        const failures = await eachRow(targets, (row) => http.post(
          `${apiUrl}/${key}/_action/${encodeURIComponent(action.name)}`, { id: row._id }));
        refresh();
        report(action.label, targets.length, failures);
      },
    });
  };

  if (selected.length === 0) return null;
  return (
    <Space id="bulk-bar" style={{ marginBottom: 16 }} wrap>
      <Typography.Text id="selected-count">{selected.length} selected</Typography.Text>
      {resource.can.delete && (
        <Button danger icon={<DeleteOutlined />} id="bulk-delete" onClick={bulkDelete}>Delete selected</Button>
      )}
      {rowActions.map((a) => (
        <Button key={a.name} data-bulk-row-action={a.name} onClick={() => bulkRowAction(a)}>{a.label} (each)</Button>
      ))}
      <Button onClick={() => setSelected([])}>Clear selection</Button>
    </Space>
  );
}
