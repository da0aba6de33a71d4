// Unit tests of src/form-values.ts: the form's value conversions both ways and the body of a save.
import { test } from "node:test";
import assert from "node:assert/strict";
import dayjs from "dayjs";
import { load } from "./load.mjs";

const { toForm, fromForm, sameAsRow, formBody, fieldErrors } = await load("/src/form-values.ts");
const col = (name, type, more = {}) => ({ name, label: name, type, nullable: true, has_default: false, ...more });

test("dates and times: dayjs in the form, ISO 8601 UTC and YYYY-MM-DD in the body", () => {
  const at = toForm(col("at", "datetime"), "2026-01-31T10:20:30.123Z");
  assert.ok(dayjs.isDayjs(at));
  assert.equal(fromForm(col("at", "datetime"), at), "2026-01-31T10:20:30.123Z");
  const day = toForm(col("day", "date"), "2026-02-28");
  assert.equal(fromForm(col("day", "date"), day), "2026-02-28");
  assert.ok(sameAsRow(col("at", "datetime"), "2026-01-31T10:20:30.123Z", "2026-01-31T11:20:30.123+01:00"));
  assert.ok(!sameAsRow(col("at", "datetime"), "2026-01-31T10:20:30.124Z", "2026-01-31T10:20:30.123Z"));
});

test("JSON: indented text in the form, parsed in the body, a field problem when not JSON", () => {
  const c = col("data", "json");
  assert.equal(toForm(c, { a: [1, 2] }), '{\n  "a": [\n    1,\n    2\n  ]\n}');
  assert.equal(toForm(c, null), "");
  assert.deepEqual(fromForm(c, '{"a": [1, 2]}'), { a: [1, 2] });
  assert.equal(fromForm(c, ""), null);
  assert.throws(() => fromForm(c, "{nope"), (e) => e.field === "data" && e.message.startsWith("Not valid JSON"));
  assert.ok(sameAsRow(c, { a: [1, 2] }, { a: [1, 2] }));
});

test("numbers, booleans and relations", () => {
  assert.equal(fromForm(col("n", "integer"), 7), 7);
  assert.equal(fromForm(col("n", "integer"), null), null);
  assert.equal(fromForm(col("ok", "boolean"), true), true);
  assert.equal(fromForm(col("ok", "boolean"), null), false); // an untouched switch is false, never null
  assert.equal(fromForm(col("owner", "integer", { link_to: { resource: "users" } }), "42"), 42); // the select holds text
  assert.equal(fromForm(col("owner", "uuid", { link_to: { resource: "users" } }), "a-b"), "a-b");
  assert.equal(fromForm(col("name", "string"), ""), null);
  assert.equal(fromForm(col("name", "string"), undefined), undefined);
});

test("the body of a create leaves out nulls of nullable columns, read-only columns and an empty password", () => {
  const fields = [col("name", "string", { nullable: false }), col("bio", "string"), col("locked", "string", { read_only: true }),
    col("password", "password")];
  assert.deepEqual(formBody(fields, { name: "Ann", bio: "", locked: "x", password: "" }, undefined, false), { name: "Ann" });
  assert.deepEqual(formBody(fields, { name: "Ann", bio: null, password: "s3cret!" }, undefined, false),
    { name: "Ann", password: "s3cret!" });
});

test("the body of an edit has only the changed fields; null clears a column", () => {
  const fields = [col("name", "string"), col("at", "datetime"), col("data", "json"), col("bio", "string")];
  const row = { _id: "1", name: "Ann", at: "2026-01-31T10:20:30.123Z", data: { a: 1 }, bio: "hi" };
  const values = Object.fromEntries(fields.map((c) => [c.name, toForm(c, row[c.name])]));
  assert.deepEqual(formBody(fields, values, row, true), {});
  assert.deepEqual(formBody(fields, { ...values, name: "Bo", bio: "" }, row, true), { name: "Bo", bio: null });
  assert.throws(() => formBody(fields, { ...values, data: "[" }, row, true), (e) => e.field === "data");
});

test("a 422's field errors as lists of messages", () => {
  assert.deepEqual(fieldErrors({ message: "bad", statusCode: 422, errors: { name: "too long", n: ["a", "b"] } }),
    { name: ["too long"], n: ["a", "b"] });
  assert.deepEqual(fieldErrors({ message: "gone", statusCode: 404 }), {});
});
