// Unit tests of src/links.ts: where a cell links to, and the audit entries whose target is not a row.
import { test } from "node:test";
import assert from "node:assert/strict";
import { load } from "./load.mjs";

const { linkOf } = await load("/src/links.ts");
const AUDIT = "adminAudit";

const fixed = { name: "user_id", link_to: { resource: "users" } };
const target = { name: "target_id", link_to: { resourceFromColumn: "resource" } };

test("a fixed linkTo links to the row of that resource; an empty value or no linkTo links nowhere", () => {
  assert.deepEqual(linkOf(fixed, { user_id: 7 }), { resource: "users", id: "7", to: "/users/show/7" });
  assert.equal(linkOf(fixed, { user_id: "" }), null);
  assert.equal(linkOf(fixed, { user_id: null }), null);
  assert.equal(linkOf({ name: "note" }, { note: "x" }), null);
  assert.equal(linkOf(undefined, { note: "x" }), null);
});

test("resourceFromColumn links to the resource the row names, the id escaped", () => {
  assert.deepEqual(linkOf(target, { resource: "scores", target_id: "a/b" }, "other"),
    { resource: "scores", id: "a/b", to: "/scores/show/a%2Fb" });
  assert.equal(linkOf(target, { resource: null, target_id: "5" }, AUDIT), null);
});

test("an audit entry of a row links to the row; a job's to the Jobs page; a saved view's nowhere", () => {
  const entry = (action) => ({ action, resource: "contacts", target_id: "12" });
  for (const action of ["create", "update", "delete", "custom", "user.ban"]) {
    assert.deepEqual(linkOf(target, entry(action), AUDIT),
      { resource: "contacts", id: "12", to: "/contacts/show/12" }, action);
  }
  assert.deepEqual(linkOf(target, entry("job.started"), AUDIT), { resource: null, id: "12", to: "/_jobs" });
  assert.deepEqual(linkOf(target, entry("job.finished"), AUDIT), { resource: null, id: "12", to: "/_jobs" });
  assert.equal(linkOf(target, entry("view.save"), AUDIT), null);
  assert.deepEqual(linkOf(target, { action: "room.template_create", resource: "rooms", target_id: "template:3" },
    AUDIT), { resource: null, id: "template:3", to: "/rooms/_templates" });
  // the same action name on another resource's rows is an ordinary link
  assert.deepEqual(linkOf(target, entry("job.started"), "reports"),
    { resource: "contacts", id: "12", to: "/contacts/show/12" });
});
