// Unit tests of src/list/model.ts: filter operators by type, the sort after a header click, column order, and
// the filters split into search and per-column filters and back.
import { test } from "node:test";
import assert from "node:assert/strict";
import { load } from "./load.mjs";

const { nextSorters, orderedColumns, splitFilters, joinFilters, operatorsFor, rowsText } = await load("/src/list/model.ts");

test("a plain click sorts by that column alone; its no-order step flips the direction", () => {
  const current = [{ field: "a", order: "asc" }, { field: "b", order: "desc" }];
  assert.deepEqual(nextSorters(current, { columnKey: "c", order: "ascend" }, false), [{ field: "c", order: "asc" }]);
  assert.deepEqual(nextSorters(current, { columnKey: "b", order: undefined }, false), [{ field: "b", order: "asc" }]);
});

test("Shift+click adds the column, changes it in place, or removes it", () => {
  const current = [{ field: "a", order: "asc" }, { field: "b", order: "desc" }];
  assert.deepEqual(nextSorters(current, { columnKey: "c", order: "descend" }, true),
    [...current, { field: "c", order: "desc" }]);
  assert.deepEqual(nextSorters(current, { columnKey: "a", order: "descend" }, true),
    [{ field: "a", order: "desc" }, { field: "b", order: "desc" }]);
  assert.deepEqual(nextSorters(current, { columnKey: "a", order: undefined }, true), [{ field: "b", order: "desc" }]);
});

test("visible columns keep the catalog's order unless one is not a list column", () => {
  assert.deepEqual(orderedColumns(["a", "b", "c"], ["c", "a"]), ["a", "c"]);
  assert.deepEqual(orderedColumns(["a", "b"], ["x", "a"]), ["x", "a"]);
});

test("filters split into the search text and per-column filters, and join back with the search first", () => {
  const crud = [{ field: "name", operator: "contains", value: "ann" }, { field: "q", operator: "eq", value: "hi" }];
  const { q, columns } = splitFilters(crud);
  assert.equal(q, "hi");
  assert.deepEqual(columns, { name: { operator: "contains", value: "ann" } });
  assert.deepEqual(joinFilters(columns, q), [crud[1], crud[0]]);
  assert.deepEqual(joinFilters(columns, ""), [crud[0]]);
});

test("operators by column type and the total's text", () => {
  assert.deepEqual(operatorsFor("boolean"), [["eq", "is"]]);
  assert.deepEqual(operatorsFor("json"), []);
  assert.equal(operatorsFor("datetime")[0][0], "gte");
  assert.equal(operatorsFor("string")[0][0], "contains");
  assert.equal(rowsText(1, false), "1 row");
  assert.equal(rowsText(1200000, true), "about 1,200,000 rows");
});
