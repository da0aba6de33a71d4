// The list page's pure rules (docs/decisions/admin-ui-seams.md): filter operators by column type, the sort after a
// header click, visible column order, and Refine filters split into the search text and per-column filters and back.
// No React and no request here: tests/unit/list-model.test.mjs runs them in node.
import type { CrudFilter, CrudSort, LogicalFilter } from "@refinedev/core";
import type { SorterResult } from "antd/es/table/interface";
import type { ColumnType, Row } from "../types";

/** A filter operator the list offers (a subset of Refine's). */
export type Operator = "eq" | "ne" | "gt" | "gte" | "lt" | "lte" | "in" | "contains";
/** A filter value as the filter box edits it. */
export type FilterValue = string | number | boolean;
/** One column's filter. */
export type ColumnFilter = { operator: Operator; value: FilterValue };
/** What a saved view keeps of the list: filters (search included), sort and visible columns. */
export type ViewState = { filters: CrudFilter[]; sorters: CrudSort[]; columns: string[] };

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

/** The visible columns in the catalog's order when they are all catalog list columns, else as picked. */
export function orderedColumns(listColumns: string[], picked: string[]): string[] {
  const inOrder = listColumns.filter((c) => picked.includes(c));
  return inOrder.length === picked.length ? inOrder : picked;
}

/** Refine filters as the search text and the per-column filters (the list only ever stores FilterValue there). */
export function splitFilters(crudFilters: CrudFilter[]): { q: string; columns: Record<string, ColumnFilter> } {
  // Refine types a filter's value as `any` (LogicalFilter.value)
  const logical = crudFilters.filter((f): f is LogicalFilter => "field" in f);
  return {
    q: String(logical.find((f) => f.field === "q")?.value ?? ""),
    columns: Object.fromEntries(logical.filter((f) => f.field !== "q")
      .map((f) => [f.field, { operator: f.operator as Operator, value: f.value as FilterValue }])),
  };
}

/** The search text and per-column filters back as Refine filters (the search first, as `q`). */
export function joinFilters(columns: Record<string, ColumnFilter>, q: string): CrudFilter[] {
  return [
    ...(q ? [{ field: "q", operator: "eq", value: q } as CrudFilter] : []),
    ...Object.entries(columns).map(([field, f]): CrudFilter => ({ field, operator: f.operator, value: f.value })),
  ];
}

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

/** "1 row", "25 rows", "about 1,200,000 rows" (X-Total-Count-Kind: estimated). */
export const rowsText = (t: number, estimated: boolean): string => `${estimated ? "about " : ""}${t.toLocaleString("en")} row${t === 1 ? "" : "s"}`;
