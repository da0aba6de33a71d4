// The list page's state (docs/decisions/admin-ui-seams.md): page, page size, sort and filters (the search box is
// the filter `q`) in the URL through Refine's core useTable({syncWithLocation}), and on the page only: the search
// box's text as typed, the row selection and the visible columns. Saved views read and replace that state.
import { useEffect, useMemo, useRef, useState } from "react";
import { useInvalidate, useTable, type CrudSort } from "@refinedev/core";
import type { TablePaginationConfig } from "antd";
import type { SorterResult, TableCurrentDataSource } from "antd/es/table/interface";
import type { ListAnswer } from "../api";
import { wireToFilters } from "../api";
import type { ResourceInfo, Row, SavedView } from "../types";
import { nextSorters, orderedColumns, splitFilters, joinFilters, type ColumnFilter, type ViewState } from "./model";

/** The state of one resource's list page and what changes it; see the file comment. */
export function useListState(resource: ResourceInfo) {
  const key = resource.key;
  const invalidate = useInvalidate();
  const initialSort: CrudSort[] = resource.list.default_sort ? [resource.list.default_sort] : [];
  // an exact total asked for from an estimated one ("count exactly"); the server remembers it for the paging
  const [exactCount, setExactCount] = useState(false);
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
    meta: exactCount ? { count: "exact" } : undefined,
  });
  const data = answer as ListAnswer | undefined;
  useEffect(() => setExactCount(false), [crudFilters]);
  const { q, columns: filters } = useMemo(() => splitFilters(crudFilters), [crudFilters]);

  /** Replaces the filters and the search; back to the first page. */
  const applyFilters = (nextFilters: Record<string, ColumnFilter>, nextQ: string) => {
    setFilters(joinFilters(nextFilters, nextQ), "replace");
    setCurrentPage(1);
  };
  /** Sets (or, with null or an empty value, removes) one column's filter. */
  const setColumnFilter = (name: string, f: ColumnFilter | null) => {
    const next = { ...filters };
    if (f && f.value !== "") next[name] = f;
    else delete next[name];
    applyFilters(next, q);
  };

  // the search box's text as typed; applied (as the filter q) on Enter or the search button
  const [searchText, setSearchText] = useState(q);
  useEffect(() => setSearchText(q), [q]);
  const search = (text: string) => applyFilters(filters, text.trim());

  const [selected, setSelected] = useState<string[]>([]);
  const [visible, setVisibleState] = useState<string[]>(resource.list.columns);
  const setVisible = (picked: string[]) => setVisibleState(orderedColumns(resource.list.columns, picked));

  const rows: Row[] = data?.data ?? [];
  const selectedRows = rows.filter((r) => selected.includes(r._id));
  const refresh = () => invalidate({ resource: key, invalidates: ["list"] });

  const view: ViewState = { filters: crudFilters, sorters, columns: visible };
  /** Replaces filters, sort and columns with a saved view's; back to the first page. */
  const applyView = (v: SavedView) => {
    setFilters(wireToFilters(v.filters), "replace");
    setSorters(v.sort.length ? v.sort : initialSort);
    setVisibleState(v.columns.length ? v.columns : resource.list.columns);
    setCurrentPage(1);
  };

  const adding = useRef(false); // Shift held on the header click: add the column to the sort
  /** Remembers whether Shift was held on a header (mouse down or key down), for the sort that follows. */
  const noteShift = (shift: boolean) => { adding.current = shift; };
  const sortOrderOf = (name: string): "ascend" | "descend" | null => {
    const s = sorters.find((x) => x.field === name);
    return s ? (s.order === "asc" ? "ascend" : "descend") : null;
  };
  /** antd Table's onChange: a header click sorts (back to the first page), the pager pages. */
  const onTableChange = (pagination: TablePaginationConfig, s: SorterResult<Row> | SorterResult<Row>[],
    extra: TableCurrentDataSource<Row>) => {
    if (extra.action === "sort") {
      const next = nextSorters(sorters, Array.isArray(s) ? s[0] : s, adding.current);
      adding.current = false;
      setSorters(next.length ? next : initialSort);
      setCurrentPage(1);
    } else if (extra.action === "paginate") {
      setCurrentPage(pagination.current ?? 1);
      setPageSize(pagination.pageSize ?? pageSize);
    }
  };

  return {
    rows, total: data?.total ?? 0, estimated: data?.totalKind === "estimated", loading: isLoading || isFetching, error,
    countExactly: () => setExactCount(true),
    crudFilters, sorters, currentPage, pageSize, onTableChange, sortOrderOf, noteShift,
    q, filters, applyFilters, setColumnFilter, searchText, setSearchText, search,
    selected, setSelected, selectedRows, visible, setVisible, view, applyView, refresh,
  };
}

/** What useListState returns. */
export type ListState = ReturnType<typeof useListState>;
