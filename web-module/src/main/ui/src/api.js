// The wire contract of /admin-api (DESIGN.md section 3) for Refine: @refinedev/simple-rest, extended where
// Warden's contract needs it: rows are addressed by `_id`, FK labels come in `_labels`, list totals may be
// estimated (`X-Total-Count-Kind`), every filter operator has a suffix (`_gt`, `_lt`, `_in` too), and
// updates/deletes send `If-Match` with the ETag the row was read with.
import axios from "axios";
import simpleRest from "@refinedev/simple-rest";
import { stringify } from "query-string";

const base = new URL(document.baseURI);
/** Path the router runs under, e.g. "/admin" or "/ctx/admin" (from the <base href> the server wrote). */
export const routerBase = base.pathname.replace(/\/+$/, "");
/** Absolute path of the admin API next to the UI, e.g. "/admin-api" or "/ctx/admin-api". */
export const apiUrl = new URL("../admin-api", base).pathname;

/** Listeners told when any API call answers 401 (the session ended). */
const unauthenticated = new Set();
export const onUnauthenticated = (fn) => {
  unauthenticated.add(fn);
  return () => unauthenticated.delete(fn);
};

export const http = axios.create({ headers: { Accept: "application/json" } });
http.interceptors.response.use(
  (response) => response,
  (error) => {
    const status = error.response?.status;
    const body = error.response?.data;
    const url = error.config?.url || "";
    if (status === 401 && !url.includes("/auth/")) {
      unauthenticated.forEach((fn) => fn());
    }
    // Refine's HttpError: message, statusCode, errors (field -> messages) + the raw body for the UI
    return Promise.reject({
      message: body?.error?.message || error.message,
      statusCode: status,
      code: body?.error?.code,
      errors: body?.error?.fields,
      body,
    });
  },
);

/** ETags of rows as last read or written, by "resource/_id". */
export const etags = new Map();

const suffix = { eq: "_eq", ne: "_ne", gt: "_gt", gte: "_gte", lt: "_lt", lte: "_lte", contains: "_like", in: "_in" };

/** Refine filters as Warden query parameters; `q` is the search box (`_q`). */
export function filterParams(filters = []) {
  const out = {};
  for (const f of filters) {
    if (!("field" in f) || f.value === undefined || f.value === null || f.value === "") continue;
    if (f.field === "q") {
      out._q = f.value;
      continue;
    }
    const value = Array.isArray(f.value) ? f.value.join(",") : f.value;
    out[f.field + (suffix[f.operator] ?? "_eq")] = value;
  }
  return out;
}

/** Refine filters as saved-view filters: each query parameter with its values as a list. */
export function filtersToWire(filters = []) {
  return Object.fromEntries(Object.entries(filterParams(filters)).map(([k, v]) => [k, [String(v)]]));
}

const operatorOf = Object.fromEntries(Object.entries(suffix).map(([op, s]) => [s, op]));

/** Saved-view filters (query parameter -> values) back as Refine filters ({@link filterParams} reversed). */
export function wireToFilters(wire = {}) {
  const out = [];
  for (const [param, values] of Object.entries(wire)) {
    const value = Array.isArray(values) ? values.join(",") : String(values);
    if (param === "_q" || param === "q") {
      out.push({ field: "q", operator: "eq", value });
      continue;
    }
    const match = Object.keys(operatorOf).sort((a, b) => b.length - a.length).find((s) => param.endsWith(s));
    out.push(match ? { field: param.slice(0, -match.length), operator: operatorOf[match], value }
      : { field: param, operator: "eq", value });
  }
  return out;
}

/** The sort of Refine sorters as `_sort`/`_order` parameters (several columns, comma lists). */
export function sortParams(sorters = []) {
  return sorters.length ? { _sort: sorters.map((s) => s.field).join(","), _order: sorters.map((s) => s.order).join(",") } : {};
}

/** URL of GET /admin-api/:resource/_export with the list's filters, search and sort (every matching row). */
export function exportUrl(resource, format, filters, sorters) {
  return `${apiUrl}/${resource}/_export?${stringify({ format, ...filterParams(filters), ...sortParams(sorters) })}`;
}

const simple = simpleRest(apiUrl, http);

export const dataProvider = {
  ...simple,
  getList: async ({ resource, pagination, filters, sorters }) => {
    const { currentPage = 1, pageSize = 20 } = pagination ?? {};
    const query = { _start: (currentPage - 1) * pageSize, _end: currentPage * pageSize, ...filterParams(filters),
      ...sortParams(sorters) };
    const { data, headers } = await http.get(`${apiUrl}/${resource}?${stringify(query)}`);
    const total = Number(headers["x-total-count"]);
    return {
      data,
      total: Number.isFinite(total) ? total : data.length,
      totalKind: headers["x-total-count-kind"] || "exact",
    };
  },
  getOne: async ({ resource, id }) => {
    const response = await http.get(`${apiUrl}/${resource}/${encodeURIComponent(id)}`);
    etags.set(`${resource}/${id}`, response.headers.etag);
    return { data: response.data };
  },
  create: async ({ resource, variables }) => {
    const response = await http.post(`${apiUrl}/${resource}`, variables);
    etags.set(`${resource}/${response.data._id}`, response.headers.etag);
    return { data: response.data };
  },
  update: async ({ resource, id, variables }) => {
    const etag = etags.get(`${resource}/${id}`);
    const response = await http.patch(`${apiUrl}/${resource}/${encodeURIComponent(id)}`, variables, {
      headers: etag ? { "If-Match": etag } : {},
    });
    etags.set(`${resource}/${id}`, response.headers.etag);
    return { data: response.data };
  },
  deleteOne: async ({ resource, id }) => {
    const response = await http.delete(`${apiUrl}/${resource}/${encodeURIComponent(id)}`);
    etags.delete(`${resource}/${id}`);
    return { data: response.data };
  },
};

/** POST with a JSON body under the API; resolves to the response body. */
export const post = (path, body = {}) => http.post(`${apiUrl}/${path}`, body).then((r) => r.data);
/** GET under the API; resolves to the full axios response (headers included). */
export const get = (path) => http.get(path ? `${apiUrl}/${path}` : apiUrl);

/** The label of a row: display_name, name, email or title (first present), else its _id. */
export function rowLabel(row) {
  if (!row) return "";
  for (const c of ["display_name", "name", "email", "title"]) {
    if (row[c] !== undefined && row[c] !== null && row[c] !== "") return String(row[c]);
  }
  return String(row._id ?? "");
}
