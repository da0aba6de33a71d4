// The create/edit form's value conversions (docs/decisions/forms-keep-their-own-hooks.md): a row value as the antd
// input holds it and back as the request body's value, and the body of a save (only writable fields; on create no
// null for a nullable column; on edit only the fields that changed). No React and no request here:
// tests/unit/form-values.test.mjs runs them in node.
import dayjs, { type Dayjs } from "dayjs";
import type { ApiError } from "./api";
import type { ColumnInfo, Row, RowInput } from "./types";
import { writable } from "./field-access";

/** A form field: a catalog column, or the users form's write-only password (not a catalog column type). */
export type Field = Omit<ColumnInfo, "type" | "primary_key"> & { type: ColumnInfo["type"] | "password" };
/** What an antd input holds for a field. */
export type FormValue = string | number | boolean | Dayjs | null | undefined;
/** A field's error of a form value that cannot be sent (bad JSON); thrown by fromForm and formBody. */
export type FieldProblem = { field: string; message: string };

/** The form value of a row value: dates and times as dayjs, JSON as indented text (empty for null), else as is. */
export function toForm(column: Field, value: unknown): FormValue {
  if (value === null || value === undefined) return column.type === "json" ? "" : null;
  if (column.type === "datetime" || column.type === "date") return dayjs(value as string);
  if (column.type === "json") return JSON.stringify(value, null, 2);
  return value as FormValue;
}

/**
 * The body value of a form value: undefined stays out; empty is null (false for a boolean); a datetime as ISO
 * 8601 UTC, a date as YYYY-MM-DD, JSON text parsed (a FieldProblem thrown when it is not JSON), a foreign key
 * over a numeric column as a number; anything else as the input holds it.
 */
export function fromForm(column: Field, value: FormValue): unknown {
  if (value === undefined) return undefined;
  if (value === null || value === "") return column.type === "boolean" ? false : null;
  if (column.type === "datetime") return (value as Dayjs).toISOString();
  if (column.type === "date") return (value as Dayjs).format("YYYY-MM-DD");
  if (column.type === "json") {
    try {
      return JSON.parse(String(value));
    } catch (e) {
      const problem: FieldProblem = { field: column.name, message: `Not valid JSON: ${(e as Error).message}` };
      throw problem;
    }
  }
  if (column.link_to && "resource" in column.link_to && (column.type === "integer" || column.type === "number")) {
    return Number(value);
  }
  return value;
}

/** True when a body value equals the row's value (timestamps at millisecond precision, JSON by value). */
export function sameAsRow(column: Field, value: unknown, original: unknown): boolean {
  if (value === null || original === null || original === undefined) return value === null && (original ?? null) === null;
  if (column.type === "datetime" || column.type === "date") {
    return dayjs(value as string).valueOf() === dayjs(original as string).valueOf();
  }
  return JSON.stringify(value) === JSON.stringify(original);
}

/**
 * The body of a save: each writable field's body value (the password only when typed); on create a null of a
 * nullable column is left out (the column's default applies), on edit a value equal to the row's. Throws the
 * FieldProblem of the first field that cannot be sent.
 */
export function formBody(fields: Field[], values: Record<string, FormValue>, row: Row | undefined, editing: boolean): RowInput {
  const body: RowInput = {};
  for (const c of fields) {
    if (!writable(c)) continue; // a column the operator may not write is never sent
    if (c.type === "password") {
      if (values.password) body.password = values.password;
      continue;
    }
    const v = fromForm(c, values[c.name]);
    if (v === undefined) continue;
    if (!editing && v === null && c.nullable) continue;
    if (editing && sameAsRow(c, v, row?.[c.name])) continue;
    body[c.name] = v;
  }
  return body;
}

/** Field errors of a 422 answer (HttpError types them loosely), each as a list of messages. */
export function fieldErrors(e: ApiError): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [name, errs] of Object.entries(e.errors ?? {})) {
    out[name] = ([] as unknown[]).concat(errs).map((x) => (typeof x === "string" ? x : JSON.stringify(x)));
  }
  return out;
}
