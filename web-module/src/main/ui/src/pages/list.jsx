// The list page of a resource: configured columns, every header sortable, server-side pages with the total
// ("about N" when estimated), search (_q), per-column filters by type, FK/linkTo links, bulk and per-row
// actions, and create/show/edit/delete by the catalog's `can` flags.
import React, { useMemo, useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { useDelete, useInvalidate, useList } from "@refinedev/core";
import { App, Button, Card, Dropdown, Input, InputNumber, Select, Space, Switch, Table, Tag, Typography } from "antd";
import { DeleteOutlined, DownOutlined, EditOutlined, EyeOutlined, FilterFilled, PlusOutlined } from "@ant-design/icons";
import { columnOf, useResource } from "../session.jsx";
import { Cell } from "../cells.jsx";
import { ResourceIcon } from "../icons.jsx";
import { useRunAction } from "../actions.jsx";
import { NotFound } from "../App.jsx";

/** Filter operators that fit a column type (labels as shown, values as Refine operators). */
export function operatorsFor(type) {
  const cmp = [["eq", "="], ["ne", "≠"], ["gt", ">"], ["gte", "≥"], ["lt", "<"], ["lte", "≤"]];
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

function FilterBox({ column, value, onApply, close }) {
  const ops = operatorsFor(column.type);
  const [op, setOp] = useState(value?.operator || ops[0][0]);
  const [v, setV] = useState(value?.value ?? (column.type === "boolean" ? true : ""));
  const input = column.type === "boolean"
    ? <Switch checked={v === true || v === "true"} onChange={setV} />
    : (column.type === "integer" || column.type === "number") && op !== "in"
      ? <InputNumber className="filter-value" value={v === "" ? null : v} onChange={(x) => setV(x ?? "")} style={{ width: 160 }} />
      : <Input className="filter-value" value={v} onChange={(e) => setV(e.target.value)} style={{ width: 200 }}
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
export const rowsText = (t, estimated) => `${estimated ? "about " : ""}${t.toLocaleString("en")} row${t === 1 ? "" : "s"}`;

export function ResourceList() {
  const { key } = useParams();
  const resource = useResource(key);
  if (!resource) return <NotFound what={`The resource "${key}"`} />;
  return <ListOf key={key} resource={resource} />;
}

function ListOf({ resource }) {
  const key = resource.key;
  const navigate = useNavigate();
  const { modal, message } = App.useApp();
  const invalidate = useInvalidate();
  const [page, setPage] = useState({ current: 1, pageSize: 20 });
  const [sorter, setSorter] = useState(resource.list.default_sort);
  const [q, setQ] = useState("");
  const [filters, setFilters] = useState({}); // column -> {operator, value}
  const crudFilters = useMemo(() => [
    ...(q ? [{ field: "q", operator: "eq", value: q }] : []),
    ...Object.entries(filters).map(([field, f]) => ({ field, operator: f.operator, value: f.value })),
  ], [q, filters]);
  const { data, isLoading, isFetching, error } = useList({
    resource: key,
    pagination: page,
    sorters: sorter ? [sorter] : [],
    filters: crudFilters,
    errorNotification: false,
  });
  const { mutate: remove } = useDelete();
  const refresh = () => invalidate({ resource: key, invalidates: ["list"] });
  const runAction = useRunAction(key, refresh);
  const rowActions = resource.actions.filter((a) => a.per_row);
  const bulkActions = resource.actions.filter((a) => !a.per_row);

  const confirmDelete = (row) => modal.confirm({
    title: `Delete ${resource.label} ${row._id}?`,
    content: "The row is deleted for good (the audit log keeps a copy).",
    okText: "Delete",
    okButtonProps: { danger: true, id: "confirm-ok" },
    onOk: () => new Promise((resolve) => remove(
      { resource: key, id: row._id, successNotification: false, errorNotification: false },
      {
        onSuccess: () => { message.success({ content: "Deleted", className: "delete-success" }); resolve(); },
        onError: (e) => { modal.error({ title: "Delete failed", content: e.message }); resolve(); },
      },
    )),
  });

  const columns = resource.list.columns.map((name) => {
    const column = columnOf(resource, name) || { name, label: name, type: "string" };
    const ops = operatorsFor(column.type);
    return {
      key: name,
      dataIndex: name,
      title: <span data-column={name}>{column.label}</span>,
      sorter: true,
      sortOrder: sorter?.field === name ? (sorter.order === "asc" ? "ascend" : "descend") : null,
      render: (_, row) => (
        resource.primary_key.includes(name) && resource.can.read && resource.primary_key.length === 1
          ? <Link to={`/${key}/show/${encodeURIComponent(row._id)}`}>{String(row[name])}</Link>
          : <Cell resourceKey={key} column={column} row={row} />
      ),
      ...(ops.length ? {
        filterDropdown: ({ close }) => (
          <FilterBox column={column} value={filters[name]} close={close}
                     onApply={(f) => { setFilters((old) => { const n = { ...old }; if (f && f.value !== "") n[name] = f; else delete n[name]; return n; }); setPage((p) => ({ ...p, current: 1 })); }} />
        ),
        filterIcon: () => <FilterFilled className={`filter-icon-${name}`} style={{ color: filters[name] ? "#1677ff" : undefined }} />,
        filteredValue: filters[name] ? [filters[name].value] : null,
      } : {}),
    };
  });
  const hasRowMenu = resource.can.read || resource.can.update || resource.can.delete || rowActions.length > 0;
  if (hasRowMenu) {
    columns.push({
      key: "_actions",
      title: "",
      fixed: "right",
      render: (_, row) => (
        <Space size="small" className="row-actions">
          {resource.can.read && <Button size="small" icon={<EyeOutlined />} title="Show" className="row-show"
                                        onClick={() => navigate(`/${key}/show/${encodeURIComponent(row._id)}`)} />}
          {resource.can.update && <Button size="small" icon={<EditOutlined />} title="Edit" className="row-edit"
                                          onClick={() => navigate(`/${key}/edit/${encodeURIComponent(row._id)}`)} />}
          {resource.can.delete && <Button size="small" danger icon={<DeleteOutlined />} title="Delete" className="row-delete"
                                          onClick={() => confirmDelete(row)} />}
          {rowActions.length > 0 && (
            <Dropdown trigger={["click"]} menu={{
              items: rowActions.map((a) => ({ key: a.name, label: <span data-action={a.name}>{a.label}</span> })),
              onClick: ({ key: name }) => runAction(rowActions.find((a) => a.name === name), row),
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
  return (
    <Card
      title={<Space><ResourceIcon name={resource.icon} /><span id="page-title">{resource.label}</span></Space>}
      extra={
        <Space wrap>
          {bulkActions.map((a) => (
            <Button key={a.name} data-bulk-action={a.name} onClick={() => runAction(a, null)}>{a.label}</Button>
          ))}
          {resource.can.create && (
            <Button type="primary" icon={<PlusOutlined />} id="create" onClick={() => navigate(`/${key}/create`)}>Create</Button>
          )}
        </Space>
      }
    >
      <Space style={{ marginBottom: 16 }} wrap>
        <Input.Search id="search" allowClear placeholder="Search text columns" style={{ width: 300 }}
                      onSearch={(v) => { setQ(v.trim()); setPage((p) => ({ ...p, current: 1 })); }} />
        {Object.entries(filters).map(([name, f]) => (
          <Tag key={name} closable className="active-filter"
               onClose={() => setFilters((old) => { const n = { ...old }; delete n[name]; return n; })}>
            {columnOf(resource, name)?.label || name} {f.operator} {String(f.value)}
          </Tag>
        ))}
      </Space>
      {error && <Typography.Paragraph type="danger" id="list-error">{error.message}</Typography.Paragraph>}
      <Table
        id="resource-table"
        rowKey="_id"
        size="middle"
        loading={isLoading || isFetching}
        dataSource={data?.data ?? []}
        columns={columns}
        scroll={{ x: "max-content" }}
        onChange={(pagination, _filters, s, extra) => {
          if (extra.action === "sort") {
            const field = s.columnKey;
            setSorter(s.order ? { field, order: s.order === "ascend" ? "asc" : "desc" }
              : { field, order: sorter?.field === field && sorter.order === "desc" ? "asc" : "desc" });
            setPage((p) => ({ ...p, current: 1 }));
          } else if (extra.action === "paginate") {
            setPage({ current: pagination.current, pageSize: pagination.pageSize });
          }
        }}
        pagination={{
          current: page.current,
          pageSize: page.pageSize,
          total,
          showSizeChanger: true,
          pageSizeOptions: [10, 20, 50, 100],
          showTotal: (t) => <span id="total">{rowsText(t, estimated)}</span>,
        }}
      />
    </Card>
  );
}
