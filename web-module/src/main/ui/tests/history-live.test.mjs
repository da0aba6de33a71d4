// Browser tests of field permissions, row history and live lists in the admin UI, with node:test: field permissions (a column the operator may not read is
// absent, one they may not write is a disabled form field), the show page's History tab with a revert (and a 409
// conflict), Restore from a delete entry of the audit log, lists that update while open (Refine's liveProvider over
// SSE), the edit form's "row changed" notice, and Verify chain. Run by HistoryLiveUiIT with its own data
// (WARDEN_FIXTURES: admin {email, password}, mod {email, password} (mod scoped to contacts), tag,
// contact {id, name, note}, spare {id, name}); environment as admin-ui.test.mjs (WARDEN_URL, CHROMIUM,
// WARDEN_SCREENSHOTS). The test extension's `contacts`: name and email readable by admins and mods, email writable
// by admins only, salary, secret and handler_id admins only.
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import path from "node:path";
import { request } from "playwright-core";
import { BASE, ADMIN, F, SHOTS, TIMEOUT, confirmOk, launchBrowser } from "./harness.mjs";

/** How long a change made through the API may take to show in an open page (within 1 s on the stream). */
const LIVE_MS = 5000;

let browser;
let api; // a second session of the admin, writing through the API as another operator would
let keeper; // one context open from start to end (each test has its own besides)

async function screenshot(page, name) {
  await page.locator(".ant-spin-spinning").first().waitFor({ state: "detached", timeout: 5000 }).catch(() => {});
  // a dialog or toast still zooming in would be caught half drawn
  await page.waitForFunction(() => !document.querySelector(".ant-zoom-appear, .ant-zoom-enter, .ant-move-up-appear"), null,
    { timeout: 5000 }).catch(() => {});
  await page.screenshot({ path: path.join(SHOTS, `history-live-${name}.png`), fullPage: true });
}

/** A signed-in page of `who` ({email, password}) in a context of its own. */
async function signedIn(who) {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  context.setDefaultTimeout(TIMEOUT);
  const page = await context.newPage();
  page.on("pageerror", (e) => console.log(`  [page error] ${e.message}`));
  await page.goto(`${ADMIN}/login`);
  await page.locator("#email").fill(who.email);
  await page.locator("#password").fill(who.password);
  await page.locator("#sign-in").click();
  await page.locator("#sidebar").waitFor();
  return page;
}

/** Runs a test body with its own page; on failure, a FAILED- screenshot of that page. */
function uiTest(name, who, fn) {
  return test(name, async () => {
    const page = await signedIn(who);
    try {
      await fn(page);
    } catch (e) {
      await page.screenshot({ path: path.join(SHOTS, `FAILED-history-live-${name.replace(/\W+/g, "-")}.png`), fullPage: true })
        .catch(() => {});
      throw e;
    } finally {
      await page.context().close();
    }
  });
}

async function apiJson(response, status = 200) {
  const text = await response.text();
  assert.equal(response.status(), status, text);
  return text ? JSON.parse(text) : null;
}

const headerColumns = (page) => page.$$eval("#resource-table thead [data-column]", (els) => els.map((e) => e.dataset.column));

async function searchList(page, resource, q) {
  await page.goto(`${ADMIN}/${resource}`);
  await page.locator("#search").fill(q);
  await page.locator("#search").press("Enter");
  await page.waitForFunction(() => /filters/.test(location.search));
  await page.locator("#resource-table tbody tr.ant-table-row").first().waitFor();
}

/** Resolves when the page's live stream of `resource` answered 200 (GET /admin-api/:resource/_events). */
const streamOpened = (page, resource) =>
  page.waitForResponse((r) => r.url().endsWith(`/admin-api/${resource}/_events`) && r.status() === 200);

const cellOfRow = (page, name) => page.locator("#resource-table tbody tr.ant-table-row", { hasText: name });

// One suite: its tests run one after the other, between its hooks (top-level hooks would run after the first test).
describe("field permissions, history and live lists in the admin UI", () => {
  before(async () => {
    browser = await launchBrowser();
    keeper = await browser.newContext();
    await keeper.newPage();
    api = await request.newContext({ baseURL: BASE, extraHTTPHeaders: { Origin: BASE } });
    const login = await api.post("/admin-api/auth/login", { data: F.admin });
    assert.equal(login.status(), 200, "the API session signs in");
  });

  after(async () => {
    await api?.dispose();
    await keeper?.close();
    await browser?.close();
  });

  uiTest("field permissions: unreadable columns are absent for the mod, the column they may not write is disabled", F.mod, async (page) => {
    await searchList(page, "contacts", F.tag);
    const columns = await headerColumns(page);
    for (const shown of ["name", "email", "note"]) assert.ok(columns.includes(shown), `${shown} is listed: ${columns}`);
    for (const hidden of ["salary", "secret", "handler_id"]) assert.ok(!columns.includes(hidden), `${hidden} is not the mod's to read`);
    await screenshot(page, "mod-list-hidden-columns");

    await page.goto(`${ADMIN}/contacts/show/${F.contact.id}`);
    await page.locator("#show-fields").waitFor();
    const labels = await page.$$eval("#show-fields .ant-descriptions-item-label", (els) => els.map((e) => e.textContent.trim().toLowerCase()));
    assert.ok(labels.some((l) => l.includes("email")), `the mod reads email: ${labels}`);
    assert.ok(!labels.some((l) => l.includes("salary") || l.includes("secret")), `no hidden field on the show page: ${labels}`);

    await page.goto(`${ADMIN}/contacts/edit/${F.contact.id}`);
    await page.locator("#field-note").waitFor();
    assert.equal(await page.locator("#field-email").isDisabled(), true, "email is admins' to write");
    assert.equal(await page.locator("#field-note").isDisabled(), false, "note is the mod's to write");
    assert.equal(await page.locator("#field-salary").count(), 0, "salary has no form field for the mod");
    await screenshot(page, "mod-edit-disabled-email");
  });

  uiTest("field permissions: the admin sees and writes every column of the same resource", F.admin, async (page) => {
    await searchList(page, "contacts", F.tag);
    const columns = await headerColumns(page);
    for (const shown of ["name", "email", "salary", "secret", "handler_id", "note"]) {
      assert.ok(columns.includes(shown), `${shown} is the admin's: ${columns}`);
    }
    await page.goto(`${ADMIN}/contacts/edit/${F.contact.id}`);
    await page.locator("#field-note").waitFor();
    assert.equal(await page.locator("#field-email").isDisabled(), false);
    assert.equal(await page.locator("#field-salary").count(), 1);
  });

  uiTest("History tab: the mod's edit shows as a diff, Revert puts the value back and is audited with reverted_from", F.mod, async (page) => {
    const changed = `${F.contact.note} (changed in the UI)`;
    await page.goto(`${ADMIN}/contacts/edit/${F.contact.id}`);
    await page.locator("#field-note").waitFor();
    await page.waitForFunction((v) => document.querySelector("#field-note")?.value === v, F.contact.note);
    await page.locator("#field-note").fill(changed);
    await page.locator("#save").click();
    await page.waitForURL(new RegExp(`/admin/contacts/show/${F.contact.id}$`));
    await page.locator("#show-fields", { hasText: changed }).waitFor();

    await page.locator('[data-tab="history"]').click();
    const newest = page.locator("#history tbody tr.ant-table-row").first();
    await newest.locator('.history-diff [data-column="note"]').waitFor();
    assert.equal(await newest.getAttribute("data-action"), "update");
    assert.equal(await newest.locator('[data-column="note"] .before').innerText(), F.contact.note);
    assert.equal(await newest.locator('[data-column="note"] .after').innerText(), changed);
    const actions = await page.$$eval("#history tbody tr.ant-table-row", (rows) => rows.map((r) => r.dataset.action));
    assert.equal(actions.at(-1), "create", `oldest last: ${actions}`);
    const ids = await page.$$eval("#history tbody tr.ant-table-row", (rows) => rows.map((r) => Number(r.dataset.entry)));
    assert.deepEqual(ids, [...ids].sort((a, b) => b - a), "newest first");
    const updateId = ids[0];
    await screenshot(page, "history-tab");

    await newest.locator(".history-revert").click();
    await page.locator("#revert-summary").waitFor();
    await screenshot(page, "history-revert-confirm");
    await confirmOk(page, page.locator(".revert-success"));
    await page.locator(".revert-success").waitFor();
    // the old value is back (the new one contains the old, so the wait is on the new one being gone)
    await page.waitForFunction((v) => !document.querySelector("#show-fields")?.textContent.includes(v), changed);
    assert.ok((await page.locator("#show-fields").innerText()).includes(F.contact.note));
    const revertRow = page.locator("#history tbody tr.ant-table-row").first().locator(".history-reverted-from");
    await revertRow.waitFor();
    assert.equal(Number(await revertRow.getAttribute("data-reverted-from")), updateId);
    await screenshot(page, "history-reverted");

    const history = await apiJson(await page.request.get(`${BASE}/admin-api/contacts/${F.contact.id}/_history`));
    assert.equal(history[0].action, "update");
    assert.equal(history[0].payload.reverted_from, updateId);
    assert.equal(history[0].payload.changes.note.after, F.contact.note);

    // the same entry again: the note no longer holds what it wrote, so the server refuses (409) and the UI says why
    await page.locator(`#history tbody tr[data-entry="${updateId}"] .history-revert`).click();
    await confirmOk(page, page.locator("#revert-conflict"));
    await page.locator("#revert-conflict").waitFor();
    assert.match(await page.locator("#revert-conflict").innerText(), /changed since audit entry .*note/);
    await screenshot(page, "history-revert-conflict");
    await page.locator("#conflict-ok").click();
  });

  uiTest("a list updates while open: a row created and a row changed through the API show without a reload", F.admin, async (page) => {
    const stream = streamOpened(page, "contacts");
    await searchList(page, "contacts", F.tag);
    await stream;
    await page.evaluate(() => { window.__sameDocument = true; });
    const name = `${F.tag} live ${Date.now()}`;
    const started = Date.now();
    const created = await apiJson(await api.post("/admin-api/contacts", { data: { name, note: "made through the API" } }), 201);
    await cellOfRow(page, name).waitFor({ timeout: LIVE_MS });
    console.log(`# created row shown after ${Date.now() - started} ms`);
    await screenshot(page, "live-list-created");

    const note = `changed through the API ${Date.now()}`;
    const changedAt = Date.now();
    await apiJson(await api.patch(`/admin-api/contacts/${created._id}`, { data: { note } }));
    await cellOfRow(page, note).waitFor({ timeout: LIVE_MS });
    console.log(`# changed row shown after ${Date.now() - changedAt} ms`);
    assert.equal(await page.evaluate(() => window.__sameDocument), true, "no reload happened");
    await screenshot(page, "live-list-updated");
  });

  uiTest("the edit form says when its row changed underneath it, and Reload shows the new version", F.admin, async (page) => {
    const stream = streamOpened(page, "contacts");
    await page.goto(`${ADMIN}/contacts/edit/${F.spare.id}`);
    await page.locator("#field-note").waitFor();
    await stream;
    await page.locator("#field-note").fill("typed but not saved");
    const note = `changed underneath ${Date.now()}`;
    await apiJson(await api.patch(`/admin-api/contacts/${F.spare.id}`, { data: { note } }));
    await page.locator("#row-changed[data-change=updated]").waitFor({ timeout: LIVE_MS });
    await screenshot(page, "edit-row-changed");
    await page.locator("#row-changed-reload").click();
    await page.waitForFunction((v) => document.querySelector("#field-note")?.value === v, note);
    assert.equal(await page.locator("#row-changed").count(), 0);
  });

  uiTest("Restore on the audit log's delete entry re-creates the row", F.admin, async (page) => {
    await apiJson(await api.delete(`/admin-api/contacts/${F.spare.id}`));
    const entries = await apiJson(await api.get(`/admin-api/adminAudit?resource=contacts&action=delete&target_id=${F.spare.id}`));
    assert.equal(entries.length, 1, JSON.stringify(entries));
    await page.goto(`${ADMIN}/adminAudit/show/${entries[0]._id}`);
    await page.locator("#restore").click();
    await confirmOk(page, page.locator(".restore-success"));
    await page.locator(".restore-success").waitFor();
    await page.waitForURL(new RegExp(`/admin/contacts/show/${F.spare.id}$`));
    await page.locator("#show-fields", { hasText: F.spare.name }).waitFor();
    await screenshot(page, "restored");
    const history = await apiJson(await api.get(`/admin-api/contacts/${F.spare.id}/_history`));
    assert.equal(history[0].action, "create");
    assert.equal(history[0].payload.reverted_from, Number(entries[0]._id));
  });

  uiTest("Verify chain on the audit log shows the server's verdict", F.admin, async (page) => {
    await page.goto(`${ADMIN}/adminAudit`);
    await page.locator("#verify-chain").click();
    await page.locator("#verify-result").waitFor();
    const verdict = await apiJson(await api.get("/admin-api/adminAudit/_verify"));
    assert.equal(await page.locator("#verify-result").getAttribute("data-ok"), String(verdict.ok));
    const rows = Number(await page.locator("#verify-rows").innerText());
    assert.ok(rows > 0 && rows <= verdict.rows_checked, `${rows} rows checked (API: ${verdict.rows_checked})`);
    await screenshot(page, "verify-chain");
  });

  uiTest("Verify chain is not offered to a mod (the audit log is not in their catalog)", F.mod, async (page) => {
    await page.goto(`${ADMIN}/adminAudit`);
    await page.locator("#page-title, .ant-result").first().waitFor();
    assert.equal(await page.locator("#verify-chain").count(), 0);
  });
});
