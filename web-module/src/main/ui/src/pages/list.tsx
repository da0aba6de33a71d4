// The list page of a resource: configured columns, every header sortable (several at once), server-side pages
// with the total ("about N" when estimated), search (_q), per-column filters by type, FK/linkTo links, bulk and
// per-row actions, create/show/edit/delete by the catalog's `can` flags, and the page, page
// size, sort, filters and search in the URL (Refine's useTable with syncWithLocation), row selection with bulk
// delete and per-row actions on the selection, CSV/NDJSON export of every matching row, and saved views.
import { useEffect, useMemo, useRef, useState, type CSSProperties } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { useDelete, useInvalidate, useTable, type CrudFilter, type CrudSort, type LogicalFilter } from "@refinedev/core";
import { List } from "@refinedev/antd";
import { App, Button, Card, Dropdown, Input, InputNumber, Select, Space, Switch, Table, Tag, Typography } from "antd";
import type { CheckboxProps, TableColumnType, TablePaginationConfig } from "antd";
import type { SorterResult } from "antd/es/table/interface";
import { DeleteOutlined, DownloadOutlined, DownOutlined, EditOutlined, EyeOutlined, FilterFilled, PlusOutlined,
  SaveOutlined } from "@ant-design/icons";
import { apiUrl, dataProvider, exportUrl, filtersToWire, http, wireToFilters, type ApiError, type ListAnswer } from "../api";
import { columnOf, useResource } from "../session";
import { Cell, type CellColumn } from "../cells";
import { ResourceIcon } from "../icons";
import { useRunAction } from "../actions";
import { NotFound } from "../notFound";
import type { ActionInfo, ColumnType, ResourceInfo, Row, SavedView, SavedViewInput } from "../types";

/** A filter operator the list offers (a subset of Refine's). */
type Operator = "eq" | "ne" | "gt" | "gte" | "lt" | "lte" | "in" | "contains";
/** A filter value as the filter box edits it. */
type FilterValue = string | number | boolean;
/** One column's filter. */
type ColumnFilter = { operator: Operator; value: FilterValue };
import { VerifyChainButton } from "../verify";

/** Filter operators that fit a column type (labels as shown, values as Refine operators). */
export function operatorsFor(type: ColumnType | string): [Operator, string][] {
  const cmp: [Operator, string][] = [["eq", "="], ["ne", "≠"], ["gt", ">"], ["gte", "≥"], ["lt", "<"], ["lte", "≤"]];
  switch (type) {
    case "integer":
    case "number":
      return [...cmp, ["in", "in (a,b,…)"]];
    case "boolean":
      return [["eq", "is"]];
    case "datetime":
    case "date":
      return [["gte", "from"], ["lt", "before"], ["eq", "="]];
    case "json":
      return [];
    default:
      return [["contains", "contains"], ["eq", "="], ["ne", "≠"], ["in", "in (a,b,…)"]];
  }
}

function FilterBox({ column, value, onApply, close }: {
  column: CellColumn; value: ColumnFilter | undefined; onApply: (f: ColumnFilter | null) => void; close: () => void;
}) {
  const ops = operatorsFor(column.type);
  const [op, setOp] = useState<Operator>(value?.operator || ops[0][0]);
  const [v, setV] = useState<FilterValue>(value?.value ?? (column.type === "boolean" ? true : ""));
  const input = column.type === "boolean"
    ? <Switch checked={v === true || v === "true"} onChange={setV} />
    : (column.type === "integer" || column.type === "number") && op !== "in"
      ? <InputNumber className="filter-value" value={v === "" ? null : Number(v)} onChange={(x) => setV(x ?? "")} style={{ width: 160 }} />
      : <Input className="filter-value" value={String(v)} onChange={(e) => setV(e.target.value)} style={{ width: 200 }}
               placeholder={column.type === "datetime" ? "2026-01-31T00:00:00Z" : ""}
               onPressEnter={() => { onApply({ operator: op, value: v }); close(); }} />;
  return (
    <div style={{ padding: 8 }} className={`filter-box filter-${column.name}`} onKeyDown={(e) => e.stopPropagation()}>
      <Space direction="vertical">
        <Select className="filter-operator" value={op} onChange={setOp} style={{ width: 200 }}
                options={ops.map(([value, label]) => ({ value, label }))} />
        {input}
        <Space>
          <Button type="primary" size="small" className="filter-apply" onClick={() => { onApply({ operator: op, value: v }); close(); }}>
            Filter
          </Button>
          <Button size="small" onClick={() => { onApply(null); close(); }}>Reset</Button>
        </Space>
      </Space>
    </div>
  );
}

/** "1 row", "25 rows", "about 1,200,000 rows" (X-Total-Count-Kind: estimated). */
export const rowsText = (t: number, estimated: boolean): string => `${estimated ? "about " : ""}${t.toLocaleString("en")} row${t === 1 ? "" : "s"}`;

export function ResourceList() {
  const { key } = useParams();
  const resource = useResource(key);
  if (!resource) return <NotFound what={`The resource "${key}"`} />;
  return <ListOf key={key} resource={resource} />;
}

/** Hidden on screen, read by screen readers. */
const VISUALLY_HIDDEN: CSSProperties = { position: "absolute", width: 1, height: 1, overflow: "hidden", clip: "rect(0 0 0 0)", whiteSpace: "nowrap" };

/**
 * The next sort after a header click (antd's Table in single-sort mode hands over the clicked column and its next
 * order): a plain click sorts by that column alone (its "no order" step flips the direction instead, as before);
 * a Shift+click adds the column to the sort, or changes or removes it there (several columns).
 */
export function nextSorters(current: CrudSort[], clicked: SorterResult<Row>, adding: boolean): CrudSort[] {
  const field = String(clicked.columnKey ?? clicked.field);
  const order: CrudSort["order"] | null = clicked.order ? (clicked.order === "ascend" ? "asc" : "desc") : null;
  if (adding) {
    const rest = current.filter((s) => s.field !== field);
    if (!order) return rest;
    const at = current.findIndex((s) => s.field === field);
    const next = [...rest];
    next.splice(at < 0 ? next.length : at, 0, { field, order });
    return next;
  }
  const was = current.find((s) => s.field === field);
  return [{ field, order: order ?? (was?.order === "desc" ? "asc" : "desc") }];
}

/** Runs `fn` on each row one after the other; resolves to the failures ({row, message}). */
type Failure = { row: Row; message: string };
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

function ListOf({ resource }: { resource: ResourceInfo }) {
  const key = resource.key;
  const navigate = useNavigate();
  const { modal, message } = App.useApp();
  const invalidate = useInvalidate();
  const initialSort: CrudSort[] = resource.list.default_sort ? [resource.list.default_sort] : [];
  const {
    tableQuery: { data: answer, isLoading, isFetching, error },
    sorters, setSorters, filters: crudFilters, setFilters, currentPage, setCurrentPage, pageSize, setPageSize,
  } = useTable<Row>({
    resource: key,
    syncWithLocation: true,
    pagination: { currentPage: 1, pageSize: 20, mode: "server" },
    sorters: { initial: initialSort, mode: "server" },
    filters: { initial: [], mode: "server", defaultBehavior: "replace" },
    errorNotification: false,
    liveMode: "auto", // new and changed rows show while the list is open (live.ts)
  });
  const data = answer as ListAnswer | undefined;
  // Refine types a filter's value as `any` (LogicalFilter.value); the list only ever stores FilterValue there
  const logical = crudFilters.filter((f): f is LogicalFilter => "field" in f);
  const q = String(logical.find((f) => f.field === "q")?.value ?? "");
  const filters = useMemo<Record<string, ColumnFilter>>(() => Object.fromEntries(logical.filter((f) => f.field !== "q")
    .map((f) => [f.field, { operator: f.operator as Operator, value: f.value as FilterValue }])), [crudFilters]);
  const applyFilters = (nextFilters: Record<string, ColumnFilter>, nextQ: string) => {
    setFilters([
      ...(nextQ ? [{ field: "q", operator: "eq", value: nextQ } as CrudFilter] : []),
      ...Object.entries(nextFilters).map(([field, f]): CrudFilter => ({ field, operator: f.operator, value: f.value })),
    ], "replace");
    setCurrentPage(1);
  };
  const [searchText, setSearchText] = useState(q);
  useEffect(() => setSearchText(q), [q]);
  const [selected, setSelected] = useState<string[]>([]);
  const [visible, setVisible] = useState<string[]>(resource.list.columns);
  const { mutate: remove } = useDelete();
  const refresh = () => invalidate({ resource: key, invalidates: ["list"] });
  const runAction = useRunAction(key, refresh);
  const rowActions = resource.actions.filter((a) => a.per_row);
  const bulkActions = resource.actions.filter((a) => !a.per_row);
  const rows: Row[] = data?.data ?? [];
  const selectedRows = rows.filter((r) => selected.includes(r._id));

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

  const adding = useRef(false); // Shift held on the header click: add the column to the sort
  const sortOrderOf = (name: string): "ascend" | "descend" | null => {
    const s = sorters.find((x) => x.field === name);
    return s ? (s.order === "asc" ? "ascend" : "descend") : null;
  };
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
        onMouseDown: (e: React.MouseEvent) => { adding.current = e.shiftKey; },
        onKeyDown: (e: React.KeyboardEvent) => { adding.current = e.shiftKey; },
      }),
      render: (_: unknown, row: Row) => (
        resource.primary_key.includes(name) && resource.can.read && resource.primary_key.length === 1
          ? <Link to={`/${key}/show/${encodeURIComponent(row._id)}`}>{String(row[name])}</Link>
          : <Cell resourceKey={key} column={column} row={row} />
      ),
      ...(ops.length ? {
        filterDropdown: ({ close }) => (
          <FilterBox column={column} value={filters[name]} close={close}
                     onApply={(f) => { const n = { ...filters }; if (f && f.value !== "") n[name] = f; else delete n[name]; applyFilters(n, q); }} />
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

  const total = data?.total ?? 0;
  const estimated = data?.totalKind === "estimated";
  const selectable = resource.can.delete || rowActions.length > 0;
  const view = { filters: crudFilters, sorters, columns: visible };
  return (
    <List
      resource={key}
      breadcrumb={false}
      title={<Space><ResourceIcon name={resource.icon} /><span id="page-title">{resource.label}</span></Space>}
      headerButtons={
        <>
          {key === "adminAudit" && <VerifyChainButton />}
          {bulkActions.map((a) => (
            <Button key={a.name} data-bulk-action={a.name} onClick={() => runAction(a, null)}>{a.label}</Button>
          ))}
          <Dropdown trigger={["click"]} menu={{
            items: [{ key: "csv", label: <span id="export-csv">CSV</span> }, { key: "ndjson", label: <span id="export-ndjson">NDJSON</span> }],
            onClick: ({ key: format }) => {
              window.location.assign(exportUrl(key, format === "ndjson" ? "ndjson" : "csv", crudFilters, sorters));
            },
          }}>
            <Button id="export" icon={<DownloadOutlined />}>Export <DownOutlined /></Button>
          </Dropdown>
          {resource.can.create && (
            <Button type="primary" icon={<PlusOutlined />} id="create" onClick={() => navigate(`/${key}/create`)}>Create</Button>
          )}
        </>
      }
    >
    <Card>
      <Space style={{ marginBottom: 16 }} wrap>
        <Input.Search id="search" aria-label="Search text columns" allowClear placeholder="Search text columns" style={{ width: 300 }}
                      value={searchText} onChange={(e) => setSearchText(e.target.value)}
                      onSearch={(v) => applyFilters(filters, v.trim())} />
        <SavedViewPicker resource={resource} view={view}
                         onPick={(v) => {
                           setFilters(wireToFilters(v.filters), "replace");
                           setSorters(v.sort.length ? v.sort : initialSort);
                           setVisible(v.columns.length ? v.columns : resource.list.columns);
                           setCurrentPage(1);
                         }} />
        <Select id="columns" aria-label="Visible columns" mode="multiple" maxTagCount={0} style={{ minWidth: 140 }}
                maxTagPlaceholder={() => `Columns (${visible.length})`} value={visible}
                onChange={(v) => setVisible(resource.list.columns.filter((c) => v.includes(c)).length === v.length
                  ? resource.list.columns.filter((c) => v.includes(c)) : v)}
                options={resource.columns.map((c) => ({ value: c.name, label: c.label }))} />
        {Object.entries(filters).map(([name, f]) => (
          <Tag key={name} closable className="active-filter"
               onClose={() => { const n = { ...filters }; delete n[name]; applyFilters(n, q); }}>
            {columnOf(resource, name)?.label || name} {f.operator} {String(f.value)}
          </Tag>
        ))}
      </Space>
      {selected.length > 0 && (
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
      )}
      {error && <Typography.Paragraph type="danger" id="list-error">{error.message}</Typography.Paragraph>}
      <Table
        id="resource-table"
        rowKey="_id"
        size="middle"
        loading={isLoading || isFetching}
        dataSource={rows}
        columns={columns}
        scroll={{ x: "max-content" }}
        rowSelection={selectable ? {
          selectedRowKeys: selected,
          onChange: (keys) => setSelected(keys.map(String)),
          // antd passes the checkbox's other props on to the input, but its type has no aria-* (hence the cast)
          getCheckboxProps: (row) => ({ "aria-label": `Select ${row._id}` }) as Partial<CheckboxProps>,
        } : undefined}
        onChange={(pagination: TablePaginationConfig, _filters, s, extra) => {
          if (extra.action === "sort") {
            const next = nextSorters(sorters, Array.isArray(s) ? s[0] : s, adding.current);
            adding.current = false;
            setSorters(next.length ? next : initialSort);
            setCurrentPage(1);
          } else if (extra.action === "paginate") {
            setCurrentPage(pagination.current ?? 1);
            setPageSize(pagination.pageSize ?? pageSize);
          }
        }}
        pagination={{
          current: currentPage,
          pageSize,
          total,
          showSizeChanger: true,
          pageSizeOptions: [10, 20, 50, 100],
          showTotal: (t) => <span id="total">{rowsText(t, estimated)}</span>,
        }}
      />
    </Card>
    </List>
  );
}

/** Saved views of the resource (GET/POST/DELETE /admin-api/_views/:resource): pick one, save the current one. */
function SavedViewPicker({ resource, view, onPick }: {
  resource: ResourceInfo; view: { filters: CrudFilter[]; sorters: CrudSort[]; columns: string[] }; onPick: (v: SavedView) => void;
}) {
  const { modal, message } = App.useApp();
  const [views, setViews] = useState<SavedView[]>([]);
  const [name, setName] = useState("");
  const load = () => http.get<SavedView[]>(`${apiUrl}/_views/${resource.key}`).then((r) => setViews(r.data)).catch(() => setViews([]));
  useEffect(() => { load(); }, [resource.key]);
  const save = () => {
    setName("");
    modal.confirm({
      title: "Save this view",
      content: <Input id="view-name" aria-label="View name" placeholder="Name" maxLength={100}
                      onChange={(e) => setName(e.target.value)} />,
      okText: "Save",
      okButtonProps: { id: "confirm-ok" },
      onOk: async () => {
        const input = document.getElementById("view-name") as HTMLInputElement | null;
        const viewName = (input?.value ?? name).trim();
        if (!viewName) throw new Error("A name is needed");
        const body: SavedViewInput = {
          name: viewName,
          filters: filtersToWire(view.filters),
          sort: view.sorters.map((s) => ({ field: s.field, order: s.order })),
          columns: view.columns,
        };
        await http.post(`${apiUrl}/_views/${resource.key}`, body);
        message.success({ content: `View "${viewName}" saved`, className: "view-saved" });
        await load();
      },
    });
  };
  return (
    <Space.Compact>
      <Select id="saved-views" aria-label="Saved views" placeholder="Saved views" style={{ width: 180 }}
              value={null} options={views.map((v) => ({ value: v.id, label: v.name }))}
              onChange={(id: string) => { const v = views.find((x) => x.id === id); if (v) onPick(v); }}
              notFoundContent="No saved views" />
      <Button id="save-view" icon={<SaveOutlined />} onClick={save} aria-label="Save view">Save view</Button>
    </Space.Compact>
  );
}
