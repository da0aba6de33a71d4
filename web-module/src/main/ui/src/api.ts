// The wire contract of /admin-api (docs/admin-api.md) for Refine: @refinedev/simple-rest, extended where
// Warden's contract needs it: rows are addressed by `_id`, FK labels come in `_labels`, list totals may be
// estimated (`X-Total-Count-Kind`), every filter operator has a suffix (`_gt`, `_lt`, `_in` too), and
// updates/deletes send `If-Match` with the ETag the row was read with.
import axios, { type AxiosError } from "axios";
import simpleRest from "@refinedev/simple-rest";
import type { CrudFilter, CrudSort, DataProvider, GetListResponse, HttpError } from "@refinedev/core";
import { stringify } from "query-string";
import type { ErrorBody, Row } from "./types";

const base = new URL(document.baseURI);
/** Path the router runs under, e.g. "/admin" or "/ctx/admin" (from the <base href> the server wrote). */
export const routerBase: string = base.pathname.replace(/\/+$/, "");
/** Absolute path of the admin API next to the UI, e.g. "/admin-api" or "/ctx/admin-api". */
export const apiUrl: string = new URL("../admin-api", base).pathname;

/** Listeners told when any API call answers 401 (the session ended). */
const unauthenticated = new Set<() => void>();
export const onUnauthenticated = (fn: () => void): (() => boolean) => {
  unauthenticated.add(fn);
  return () => unauthenticated.delete(fn);
};

/** Refine's HttpError with Warden's error code and the raw body (the UI shows it for failed actions). */
export interface ApiError extends HttpError {
  code?: string;
  body?: ErrorBody;
}

/**
 * Who asks the operator to prove a second factor again (the step-up modal, registered by the shell): resolves once
 * `POST /auth/step-up` succeeded, rejects when the operator cancels (docs/security.md, "Second factors and step-up").
 */
let stepUpPrompt: (() => Promise<void>) | null = null;
export const onStepUpRequired = (prompt: (() => Promise<void>) | null) => { stepUpPrompt = prompt; };

export const http = axios.create({ headers: { Accept: "application/json" } });
http.interceptors.response.use(
  (response) => response,
  async (error: AxiosError<ErrorBody>) => {
    const status = error.response?.status;
    const body = error.response?.data;
    const url = error.config?.url || "";
    // 401 step_up_required: ask for a factor in a modal, then send the original request again (once)
    const config = error.config as (typeof error.config & { stepUpRetried?: boolean }) | undefined;
    if (status === 401 && body?.error?.code === "step_up_required" && stepUpPrompt && config && !config.stepUpRetried) {
      let proved = false;
      try {
        await stepUpPrompt();
        proved = true;
      } catch {
        // cancelled: the original refusal goes on below
      }
      if (proved) return http.request({ ...config, stepUpRetried: true } as typeof config);
    }
    if (status === 401 && !url.includes("/auth/")) {
      unauthenticated.forEach((fn) => fn());
    }
    const failure: ApiError = {
      message: body?.error?.message || error.message,
      statusCode: status ?? 0,
      code: body?.error?.code,
      errors: body?.error?.fields,
      body,
    };
    return Promise.reject(failure);
  },
);

/** A list answer: Refine's, plus how the total was counted (`X-Total-Count-Kind`: exact or estimated). */
export type ListAnswer<T = Row> = GetListResponse<T> & { totalKind?: string };

/** ETags of rows as last read or written, by "resource/_id". */
export const etags = new Map<string, string>();

const suffix: Record<string, string> = {
  eq: "_eq", ne: "_ne", gt: "_gt", gte: "_gte", lt: "_lt", lte: "_lte", contains: "_like", in: "_in",
};

type Params = Record<string, string | number>;

/** Refine filters as Warden query parameters; `q` is the search box (`_q`). */
export function filterParams(filters: CrudFilter[] = []): Params {
  const out: Params = {};
  for (const f of filters) {
    if (!("field" in f) || f.value === undefined || f.value === null || f.value === "") continue;
    if (f.field === "q") {
      out._q = String(f.value);
      continue;
    }
    const value = Array.isArray(f.value) ? f.value.join(",") : f.value;
    out[f.field + (suffix[f.operator] ?? "_eq")] = value;
  }
  return out;
}

/** Refine filters as saved-view filters: each query parameter with its values as a list. */
export function filtersToWire(filters: CrudFilter[] = []): Record<string, string[]> {
  return Object.fromEntries(Object.entries(filterParams(filters)).map(([k, v]) => [k, [String(v)]]));
}

const operatorOf: Record<string, string> = Object.fromEntries(Object.entries(suffix).map(([op, s]) => [s, op]));

/** Saved-view filters (query parameter -> values) back as Refine filters ({@link filterParams} reversed). */
export function wireToFilters(wire: Record<string, string[] | string> = {}): CrudFilter[] {
  const out: CrudFilter[] = [];
  for (const [param, values] of Object.entries(wire)) {
    const value = Array.isArray(values) ? values.join(",") : String(values);
    if (param === "_q" || param === "q") {
      out.push({ field: "q", operator: "eq", value });
      continue;
    }
    const match = Object.keys(operatorOf).sort((a, b) => b.length - a.length).find((s) => param.endsWith(s));
    out.push(match
      ? { field: param.slice(0, -match.length), operator: operatorOf[match] as CrudFilter["operator"], value } as CrudFilter
      : { field: param, operator: "eq", value });
  }
  return out;
}

/** The sort of Refine sorters as `_sort`/`_order` parameters (several columns, comma lists). */
export function sortParams(sorters: CrudSort[] = []): Params {
  return sorters.length
    ? { _sort: sorters.map((s) => s.field).join(","), _order: sorters.map((s) => s.order).join(",") }
    : {};
}

/** URL of GET /admin-api/:resource/_export with the list's filters, search and sort (every matching row). */
export function exportUrl(resource: string, format: "csv" | "ndjson", filters: CrudFilter[], sorters: CrudSort[]): string {
  return `${apiUrl}/${resource}/_export?${stringify({ format, ...filterParams(filters), ...sortParams(sorters) })}`;
}

const simple = simpleRest(apiUrl, http);

export const dataProvider: DataProvider = {
  ...simple,
  getList: async ({ resource, pagination, filters, sorters, meta }) => {
    const { currentPage = 1, pageSize = 20 } = pagination ?? {};
    // meta.count "exact": a full count (_count=exact, docs/admin-api.md "Counts"), asked for from the list's total
    const query = { _start: (currentPage - 1) * pageSize, _end: currentPage * pageSize, ...filterParams(filters),
      ...sortParams(sorters), ...(meta?.count === "exact" ? { _count: "exact" } : {}) };
    const { data, headers } = await http.get<Row[]>(`${apiUrl}/${resource}?${stringify(query)}`);
    const total = Number(headers["x-total-count"]);
    return {
      data: data as never[],
      total: Number.isFinite(total) ? total : data.length,
      totalKind: headers["x-total-count-kind"] || "exact",
    };
  },
  getOne: async ({ resource, id }) => {
    const response = await http.get<Row>(`${apiUrl}/${resource}/${encodeURIComponent(String(id))}`);
    etags.set(`${resource}/${id}`, String(response.headers.etag));
    return { data: response.data as never };
  },
  create: async ({ resource, variables }) => {
    const response = await http.post<Row>(`${apiUrl}/${resource}`, variables);
    etags.set(`${resource}/${response.data._id}`, String(response.headers.etag));
    return { data: response.data as never };
  },
  update: async ({ resource, id, variables }) => {
    const etag = etags.get(`${resource}/${id}`);
    const response = await http.patch<Row>(`${apiUrl}/${resource}/${encodeURIComponent(String(id))}`, variables, {
      headers: etag ? { "If-Match": etag } : {},
    });
    etags.set(`${resource}/${id}`, String(response.headers.etag));
    return { data: response.data as never };
  },
  deleteOne: async ({ resource, id }) => {
    const response = await http.delete<Row>(`${apiUrl}/${resource}/${encodeURIComponent(String(id))}`);
    etags.delete(`${resource}/${id}`);
    return { data: response.data as never };
  },
  // useCustom: `url` as given, with `query` (and any filters and sorters, as in lists) as its query string only when
  // there is one (simple-rest would always append "?" and "&"); the body, as the API answered it, is the data
  custom: async ({ url, method, payload, query, filters, sorters, headers }) => {
    const search = stringify({ ...(query as Params | undefined), ...filterParams(filters), ...sortParams(sorters) });
    const response = await http.request({ url: search ? `${url}?${search}` : url, method, data: payload,
      headers: headers as Record<string, string> | undefined });
    return { data: response.data as never };
  },
};

/** POST with a JSON body under the API; resolves to the response body. */
export const post = <T = unknown>(path: string, body: unknown = {}): Promise<T> =>
  http.post<T>(`${apiUrl}/${path}`, body).then((r) => r.data);
/**
 * Resolves once no step-up is due (GET /auth/step-up: 204, or 401 step_up_required and the step-up modal proved a
 * factor); rejects when the operator cancels. For step-up routes opened as links (the export).
 */
export const stepUpFirst = (): Promise<void> => http.get(`${apiUrl}/auth/step-up`).then(() => undefined);
/** GET under the API; resolves to the full axios response (headers included). */
export const get = <T = unknown>(path: string) => http.get<T>(path ? `${apiUrl}/${path}` : apiUrl);

/** The label of a row: display_name, name, email or title (first present), else its _id. */
export function rowLabel(row: Record<string, unknown> | null | undefined): string {
  if (!row) return "";
  for (const c of ["display_name", "name", "email", "title"]) {
    if (row[c] !== undefined && row[c] !== null && row[c] !== "") return String(row[c]);
  }
  return String(row._id ?? "");
}
