// The list table's columns: one per visible column (sortable, Shift+click adds to the sort; a filter box when the
// type has operators; the key links to the row's page), then the row menu (show, edit, delete after a
// confirmation, per-row custom actions) by the catalog's `can` flags.
import type { CSSProperties } from "react";
import { Link, useNavigate } from "react-router";
import { useDelete } from "@refinedev/core";
import { App, Button, Dropdown, Space } from "antd";
import type { TableColumnType } from "antd";
import { DeleteOutlined, DownOutlined, EditOutlined, EyeOutlined, FilterFilled } from "@ant-design/icons";
import { columnOf } from "../session";
import { Cell, type CellColumn } from "../cells";
import { useRunAction } from "../actions";
import type { ResourceInfo, Row } from "../types";
import { FilterBox } from "./filter-bar";
import { operatorsFor } from "./model";
import type { ListState } from "./state";

/** Hidden on screen, read by screen readers. */
const VISUALLY_HIDDEN: CSSProperties = { position: "absolute", width: 1, height: 1, overflow: "hidden", clip: "rect(0 0 0 0)", whiteSpace: "nowrap" };

/** The antd Table columns of the list's state (visible columns, sort, filters). */
export function useListColumns(resource: ResourceInfo, state: ListState): TableColumnType<Row>[] {
  const key = resource.key;
  const navigate = useNavigate();
  const { modal, message } = App.useApp();
  const { mutate: remove } = useDelete();
  const runAction = useRunAction(key, state.refresh);
  const rowActions = resource.actions.filter((a) => a.per_row);
  const { visible, filters, setColumnFilter, sortOrderOf, noteShift } = state;

  const confirmDelete = (row: Row) => modal.confirm({
    title: `Delete ${resource.label} ${row._id}?`,
    content: "The row is deleted for good (the audit log keeps a copy).",
    okText: "Delete",
    okButtonProps: { danger: true, id: "confirm-ok" },
    onOk: () => new Promise<void>((resolve) => remove(
      { resource: key, id: row._id, successNotification: false, errorNotification: false },
      {
        onSuccess: () => { message.success({ content: "Deleted", className: "delete-success" }); resolve(); },
        onError: (e) => { modal.error({ title: "Delete failed", content: e.message }); resolve(); },
      },
    )),
  });

  const columns: TableColumnType<Row>[] = visible.map((name): TableColumnType<Row> => {
    const column: CellColumn = columnOf(resource, name) || { name, label: name, type: "string" };
    const ops = operatorsFor(column.type);
    return {
      key: name,
      dataIndex: name,
      title: <span data-column={name}>{column.label}</span>,
      sorter: true,
      sortOrder: sortOrderOf(name),
      showSorterTooltip: { title: "Click to sort, Shift+click to add to the sort" },
      onHeaderCell: () => ({
        onMouseDown: (e: React.MouseEvent) => noteShift(e.shiftKey),
        onKeyDown: (e: React.KeyboardEvent) => noteShift(e.shiftKey),
      }),
      render: (_: unknown, row: Row) => (
        resource.primary_key.includes(name) && resource.can.read && resource.primary_key.length === 1
          ? <Link to={`/${key}/show/${encodeURIComponent(row._id)}`}>{String(row[name])}</Link>
          : <Cell resourceKey={key} column={column} row={row} />
      ),
      ...(ops.length ? {
        filterDropdown: ({ close }) => (
          <FilterBox column={column} value={filters[name]} close={close} onApply={(f) => setColumnFilter(name, f)} />
        ),
        filterIcon: () => <FilterFilled className={`filter-icon-${name}`} aria-label={`Filter ${column.label}`}
                                        style={{ color: filters[name] ? "#1677ff" : undefined }} />,
        filteredValue: filters[name] ? [filters[name].value] : null,
      } : {}),
    };
  });
  const hasRowMenu = resource.can.read || resource.can.update || resource.can.delete || rowActions.length > 0;
  if (hasRowMenu) {
    columns.push({
      key: "_actions",
      title: <span style={VISUALLY_HIDDEN}>Row actions</span>,
      fixed: "right",
      render: (_: unknown, row: Row) => (
        <Space size="small" className="row-actions">
          {resource.can.read && <Button size="small" icon={<EyeOutlined />} title="Show" aria-label={`Show ${row._id}`} className="row-show"
                                        onClick={() => navigate(`/${key}/show/${encodeURIComponent(row._id)}`)} />}
          {resource.can.update && <Button size="small" icon={<EditOutlined />} title="Edit" aria-label={`Edit ${row._id}`} className="row-edit"
                                          onClick={() => navigate(`/${key}/edit/${encodeURIComponent(row._id)}`)} />}
          {resource.can.delete && <Button size="small" danger icon={<DeleteOutlined />} title="Delete" aria-label={`Delete ${row._id}`}
                                          className="row-delete" onClick={() => confirmDelete(row)} />}
          {rowActions.length > 0 && (
            <Dropdown trigger={["click"]} menu={{
              items: rowActions.map((a) => ({ key: a.name, label: <span data-action={a.name}>{a.label}</span> })),
              onClick: ({ key: name }) => {
                const action = rowActions.find((a) => a.name === name);
                if (action) runAction(action, row);
              },
            }}>
              <Button size="small" className="row-menu">Actions <DownOutlined /></Button>
            </Dropdown>
          )}
        </Space>
      ),
    });
  }
  return columns;
}
