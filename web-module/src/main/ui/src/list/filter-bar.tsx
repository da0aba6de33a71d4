// The list's filter bar (docs/admin-api.md, "Lists"): the search box (`_q` over text columns), the saved-view picker
// (passed in), the visible columns, and a tag per active column filter; and the filter box each filterable column
// header opens (operators by column type, see model.ts).
import { useState, type ReactNode } from "react";
import { Button, Input, InputNumber, Select, Space, Switch, Tag } from "antd";
import { columnOf } from "../session";
import type { CellColumn } from "../cells";
import type { ResourceInfo } from "../types";
import { operatorsFor, type ColumnFilter, type FilterValue, type Operator } from "./model";
import type { ListState } from "./state";

/** The filter box of one column header: an operator, a value input by column type, Filter and Reset. */
export function FilterBox({ column, value, onApply, close }: {
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

/** Search, the saved views (`views`), the visible columns and the active filters' tags (closing one removes it). */
export function FilterBar({ resource, state, views }: { resource: ResourceInfo; state: ListState; views: ReactNode }) {
  const { searchText, setSearchText, search, visible, setVisible, filters, setColumnFilter } = state;
  return (
    <Space style={{ marginBottom: 16 }} wrap>
      <Input.Search id="search" aria-label="Search text columns" allowClear placeholder="Search text columns" style={{ width: 300 }}
                    value={searchText} onChange={(e) => setSearchText(e.target.value)} onSearch={search} />
      {views}
      <Select id="columns" aria-label="Visible columns" mode="multiple" maxTagCount={0} style={{ minWidth: 140 }}
              maxTagPlaceholder={() => `Columns (${visible.length})`} value={visible} onChange={setVisible}
              options={resource.columns.map((c) => ({ value: c.name, label: c.label }))} />
      {Object.entries(filters).map(([name, f]) => (
        <Tag key={name} closable className="active-filter" onClose={() => setColumnFilter(name, null)}>
          {columnOf(resource, name)?.label || name} {f.operator} {String(f.value)}
        </Tag>
      ))}
    </Space>
  );
}
