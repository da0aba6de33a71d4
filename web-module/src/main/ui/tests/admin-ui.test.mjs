// Browser tests of the admin panel UI, run by the ear module's PanelUiIT against the real server:
// headless Debian Chromium driven by playwright-core (never a browser download).
//
// Environment: WARDEN_URL (server root, e.g. http://localhost:9181), WARDEN_FIXTURES (JSON made by PanelUiIT),
// WARDEN_SCREENSHOTS (directory for one PNG per page), CHROMIUM (default /usr/bin/chromium).
// Exit code 0 when every step passed; the first failing step prints its error, saves a FAILED-*.png and exits 1.
import assert from "node:assert/strict";
import path from "node:path";
import { BASE, ADMIN, F, SHOTS, TIMEOUT, confirmOk, launchBrowser } from "./harness.mjs";

const browser = await launchBrowser();

const cspViolations = [];
let current = null; // the page of the running step, for the failure screenshot
let shot = 0;
async function screenshot(page, name) {
  shot += 1;
  // let loading overlays finish, so the picture shows the page and not its spinner
  await page.locator(".ant-spin-spinning").first().waitFor({ state: "detached", timeout: 5000 }).catch(() => {});
  await page.screenshot({ path: path.join(SHOTS, `${String(shot).padStart(2, "0")}-${name}.png`), fullPage: true });
}
let stepNo = 0;
const FROM = Number(process.env.WARDEN_UI_FROM || 0); // development: skip the first steps (bootstrap done before)
async function step(name, fn) {
  stepNo += 1;
  if (stepNo < FROM) {
    if (stepNo === 1) { await signIn(admin, F.bootstrap); await admin.locator("#sidebar").waitFor(); }
    console.log(`skip ${name}`);
    return;
  }
  const started = Date.now();
  try {
    await fn();
    console.log(`ok   ${name} (${Date.now() - started} ms)`);
  } catch (e) {
    console.log(`FAIL ${name}: ${e.stack || e}`);
    if (current) await current.screenshot({ path: path.join(SHOTS, `FAILED-${name.replace(/\W+/g, "-")}.png`), fullPage: true }).catch(() => {});
    await browser.close();
    process.exit(1);
  }
}
async function newPage() {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  context.setDefaultTimeout(TIMEOUT);
  const page = await context.newPage();
  page.on("pageerror", (e) => console.log(`  [page error] ${e.message}`));
  // the UI runs under the /admin Content-Security-Policy: any violation fails the last step
  page.on("console", (m) => { if (/Content Security Policy/i.test(m.text())) cspViolations.push(m.text()); });
  current = page;
  return page;
}
const title = (page) => page.locator("#page-title");
/** Waits until the page title reads exactly `text` (the URL changes before React renders the new page). */
const hasTitle = (page, text) => page.locator("#page-title", { hasText: new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`) }).waitFor();
const total = (page) => page.locator("#total");
const tableRows = (page) => page.locator("#resource-table tbody tr.ant-table-row");
async function signIn(page, who) {
  await page.goto(`${ADMIN}/login`);
  await page.locator("#email").fill(who.email);
  await page.locator("#password").fill(who.password);
  await page.locator("#sign-in").click();
}
async function search(page, text) {
  await page.locator("#search").fill(text);
  await page.locator("#search").press("Enter");
}
async function confirmModal(page, expectTitle, effect) {
  const modal = page.locator(".ant-modal-confirm").last();
  await modal.waitFor();
  if (expectTitle) await assert.match(await modal.locator(".ant-modal-confirm-title").innerText(), expectTitle);
  await confirmOk(page, effect);
}

const admin = await newPage();

await step("bootstrap: first-run page while no admin exists, then signed in", async () => {
  await admin.goto(`${ADMIN}/`);
  await admin.waitForURL(/\/admin\/bootstrap$/);
  await admin.locator("#bootstrap-token").fill(F.bootstrap.setupToken);
  await admin.locator("#bootstrap-email").fill(F.bootstrap.email);
  await admin.locator("#bootstrap-name").fill(F.bootstrap.displayName);
  await admin.locator("#bootstrap-password").fill(F.bootstrap.password);
  await admin.locator("#bootstrap-confirm").fill(F.bootstrap.password);
  await screenshot(admin, "bootstrap");
  await admin.locator("#bootstrap-submit").click();
  await hasTitle(admin, "Dashboard");
  await admin.locator(".count-card").first().waitFor();
  await admin.locator("#latest-audit .ant-table-row").first().waitFor();
  await screenshot(admin, "dashboard");
});

await step("sign out, wrong password, sign in", async () => {
  await admin.locator("#sign-out").click();
  // the logout's redirect or the auth check's (which adds ?to=<the page>), whichever runs first
  await admin.waitForURL(/\/admin\/login(\?.*)?$/);
  await admin.locator("#email").fill(F.bootstrap.email);
  await admin.locator("#password").fill("not the password");
  await admin.locator("#sign-in").click();
  await admin.locator("#sign-in-error").waitFor();
  await screenshot(admin, "sign-in-failed");
  await admin.locator("#password").fill(F.bootstrap.password);
  await admin.locator("#sign-in").click();
  await admin.locator("#sidebar").waitFor();
  assert.equal(await admin.locator("#operator-email").innerText(), F.bootstrap.email);
});

await step("password reset: request page and completion page", async () => {
  const page = await newPage();
  await page.goto(`${ADMIN}/password-reset`);
  await page.locator("#reset-email").fill(F.plainUser.email);
  await screenshot(page, "password-reset-request");
  await page.locator("#reset-submit").click();
  await page.locator("#reset-done").waitFor();
  await page.goto(`${ADMIN}/password-reset?token=not-a-real-token`);
  await page.locator("#reset-password").fill("a brand new password 123");
  await page.locator("#reset-submit").click();
  await page.locator(".ant-alert-error").waitFor(); // an unknown token is refused
  await screenshot(page, "password-reset-complete");
  await page.context().close();
  current = admin;
});

await step("role user: no-access page in the app, 403 from the server on reload", async () => {
  const page = await newPage();
  await signIn(page, F.plainUser);
  await page.locator("#no-access").waitFor();
  await screenshot(page, "no-access-app");
  const response = await page.reload();
  assert.equal(response.status(), 403);
  await page.locator("#no-access").waitFor();
  assert.match(await page.locator("#no-access").innerText(), /No access/);
  const asset = await page.request.get(`${ADMIN}/assets/anything.js`);
  assert.equal(asset.status(), 403);
  await screenshot(page, "no-access-403");
  await page.context().close();
  current = admin;
});

await step("sidebar in catalog order with labels and icons; custom test resources with no UI code", async () => {
  const catalog = await (await admin.request.get(`${BASE}/admin-api`)).json();
  const keys = await admin.locator("#sidebar [data-resource]").evaluateAll((els) => els.map((e) => e.dataset.resource));
  assert.deepEqual(keys, catalog.resources.map((r) => r.key));
  assert.deepEqual(keys.slice(0, 9), ["users", "configs", "leaderboards", "analyticsEvents", "cloudSaves",
    "leaderboardEntries", "roles", "userNotes", "adminAudit"]);
  assert.equal(await admin.locator('#sidebar [data-resource="scores"]').innerText(), "High scores");
  assert.equal(await admin.locator('#sidebar li:has([data-resource="scores"]) span.anticon').getAttribute("data-icon"), "line-chart");
  await admin.locator('#sidebar [data-resource="tournaments"]').click();
  await admin.waitForURL(/\/admin\/tournaments(\?|$)/);
  await hasTitle(admin, "Tournaments");
  await admin.locator("#resource-table").waitFor();
  await screenshot(admin, "custom-resource-tournaments");
});

await step("list: search, sort by every header, page change, column filter", async () => {
  await admin.goto(`${ADMIN}/users`);
  await search(admin, F.playerPrefix);
  await admin.waitForFunction(() => document.querySelector("#total")?.textContent === "25 rows");
  const nameHeader = admin.locator('thead th:has([data-column="display_name"])');
  await nameHeader.click();
  await admin.waitForFunction((p) => document.querySelector("#resource-table tbody tr.ant-table-row")?.textContent.includes(p + "-01"), F.playerPrefix);
  await nameHeader.click();
  await admin.waitForFunction((p) => document.querySelector("#resource-table tbody tr.ant-table-row")?.textContent.includes(p + "-25"), F.playerPrefix);
  assert.equal(await tableRows(admin).count(), 20);
  await screenshot(admin, "users-list-sorted");
  await admin.locator(".ant-pagination-item-2").click();
  await admin.waitForFunction(() => document.querySelectorAll("#resource-table tbody tr.ant-table-row").length === 5);
  assert.match(await tableRows(admin).first().innerText(), new RegExp(F.playerPrefix + "-05"));
  await screenshot(admin, "users-list-page-2");
  await admin.locator("thead .filter-icon-display_name").click();
  await admin.locator(".filter-display_name .filter-value").fill(`${F.playerPrefix}-07`);
  await admin.locator(".filter-display_name .filter-apply").click();
  await admin.waitForFunction(() => document.querySelector("#total")?.textContent === "1 row");
  assert.match(await tableRows(admin).first().innerText(), new RegExp(F.playerPrefix + "-07"));
  await screenshot(admin, "users-list-filtered");
  // numeric operators by type: id >= the first player's id, combined with the search
  await admin.locator(".active-filter .ant-tag-close-icon").click();
  await admin.locator("thead .filter-icon-id").click();
  await admin.locator(".filter-id .filter-operator").click();
  await admin.locator(".ant-select-dropdown:visible .ant-select-item-option", { hasText: "≥" }).click();
  await admin.locator(".filter-id .filter-value input").fill(String(F.players[10]));
  await admin.locator(".filter-id .filter-apply").click();
  await admin.waitForFunction(() => document.querySelector("#total")?.textContent === "15 rows");
  // an estimated total (X-Total-Count-Kind: estimated, above warden.list.exact-count-limit) reads "about N"
  await admin.route("**/admin-api/users?**", async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, headers: { ...response.headers(), "x-total-count": "1234567", "x-total-count-kind": "estimated" } });
  });
  await admin.goto(`${ADMIN}/users`);
  await admin.waitForFunction(() => document.querySelector("#total")?.textContent === "about 1,234,567 rows");
  await screenshot(admin, "users-list-estimated-total");
  await admin.unroute("**/admin-api/users?**");
  // "count exactly" asks for the full count (_count=exact): the exact total replaces the estimate
  const counted = admin.waitForRequest((r) => r.url().includes("/admin-api/users?") && r.url().includes("_count=exact"));
  await admin.locator("#count-exactly").click();
  await counted;
  await admin.waitForFunction(() => /^\d[\d,]* rows?$/.test(document.querySelector("#total")?.textContent ?? ""));
  assert.equal(await admin.locator("#count-exactly").count(), 0);
});

await step("FK cell is a labelled link to the user's show page; relation tabs with counts", async () => {
  await admin.goto(`${ADMIN}/cloudSaves`);
  await search(admin, F.cloudSave.slot);
  await admin.waitForFunction(() => document.querySelector("#total")?.textContent === "1 row");
  const link = admin.locator(`#resource-table a[data-link="users/${F.cloudSave.userId}"]`);
  assert.equal(await link.innerText(), F.cloudSave.userLabel);
  await screenshot(admin, "cloud-saves-fk-links");
  await link.click();
  await admin.waitForURL(new RegExp(`/admin/users/show/${F.cloudSave.userId}$`));
  await admin.locator("#page-title", { hasText: F.cloudSave.userLabel }).waitFor();
  await admin.locator("#show-fields").waitFor();
  const tab = admin.locator('[data-tab="cloudSaves"]');
  await tab.waitFor();
  await admin.waitForFunction(() => document.querySelector('[data-tab="cloudSaves"] .ant-scroll-number')?.getAttribute("title") === "1");
  await tab.click();
  await admin.locator(".ant-tabs-tabpane-active .ant-table-row").first().waitFor();
  await screenshot(admin, "user-show-relations");
});

await step("create (server validation error first), edit (If-Match, 412 with reload), delete with confirmation", async () => {
  await admin.goto(`${ADMIN}/leaderboards`);
  await admin.locator("#create").click();
  await admin.waitForURL(/\/admin\/leaderboards\/create$/);
  await admin.locator("#save").click(); // name is required: the server answers 422 naming it
  await admin.locator(".ant-form-item-has-error #field-name").waitFor();
  await admin.locator(".ant-form-item-has-error .ant-form-item-explain-error", { hasText: /required|null/ }).waitFor();
  await admin.locator("#form-error").waitFor();
  await screenshot(admin, "create-validation-error");
  await admin.locator("#field-name").fill(F.board);
  await admin.locator("#save").click();
  await admin.waitForURL(/\/admin\/leaderboards\/show\/\d+$/);
  const id = admin.url().split("/").pop();
  await admin.locator("#page-title", { hasText: F.board }).waitFor();
  await screenshot(admin, "created-show");
  await admin.locator("#edit").click();
  await admin.waitForURL(new RegExp(`/admin/leaderboards/edit/${id}$`));
  await admin.locator("#field-reset_period").fill("weekly");
  // someone else changes the row meanwhile: the save sends If-Match and gets 412
  const other = await admin.request.patch(`${BASE}/admin-api/leaderboards/${id}`, { data: { reset_period: "daily" },
    headers: { Origin: BASE } });
  assert.equal(other.status(), 200);
  await admin.locator("#save").click();
  await admin.locator("#stale-row").waitFor();
  await screenshot(admin, "edit-412-stale");
  await admin.locator("#reload-row").click();
  await admin.waitForFunction(() => document.querySelector("#field-reset_period")?.value === "daily");
  await admin.locator("#field-reset_period").fill("monthly");
  await admin.locator("#save").click();
  await admin.waitForURL(new RegExp(`/admin/leaderboards/show/${id}$`));
  await admin.locator("#show-fields", { hasText: "monthly" }).waitFor();
  await screenshot(admin, "edited-show");
  await admin.goto(`${ADMIN}/leaderboards`);
  await search(admin, F.board);
  await admin.waitForFunction(() => document.querySelector("#total")?.textContent === "1 row");
  await tableRows(admin).first().locator(".row-delete").click();
  await confirmModal(admin, /Delete/, admin.locator(".delete-success"));
  await admin.locator(".delete-success").waitFor();
  await admin.locator("#resource-table .ant-empty").waitFor();
  assert.equal(await tableRows(admin).count(), 0);
  F.boardId = id;
});

await step("per-row and bulk custom actions: confirmation, toast, audit rows with badges and links", async () => {
  await admin.goto(`${ADMIN}/scores`);
  await hasTitle(admin, "High scores");
  const row = tableRows(admin).filter({ has: admin.locator(`a[href$="/scores/show/${F.score.id}"]`) });
  await row.waitFor();
  await row.locator(".row-menu").click();
  await admin.locator('.ant-dropdown:visible [data-action="resetScore"]').click();
  const modal = admin.locator(".ant-modal-confirm").last();
  await modal.waitFor();
  assert.match(await modal.innerText(), /Reset this score\?/);
  assert.match(await modal.innerText(), /Sets the score to 0\./);
  await screenshot(admin, "row-action-confirm");
  await confirmOk(admin, admin.locator(".action-success"));
  await admin.locator(".action-success").waitFor();
  await screenshot(admin, "row-action-toast");
  await admin.locator('[data-bulk-action="recount"]').click();
  await confirmModal(admin, /Recount seasons/, admin.locator(".action-success", { hasText: "Recount seasons" })); // no confirm configured: the generic one names the label
  await admin.locator(".action-success", { hasText: "Recount seasons" }).waitFor();
  // a failing action shows the response body
  await admin.goto(`${ADMIN}/tournaments`);
  await admin.locator('[data-bulk-action="explode"]').click();
  await confirmModal(admin, /Explode/, admin.locator("#action-failure"));
  await admin.locator("#action-failure", { hasText: "server_error" }).waitFor();
  await screenshot(admin, "action-failure-body");
  await admin.keyboard.press("Escape");
  // the audit log: newest first, action badges, target_id linked to the target resource
  await admin.goto(`${ADMIN}/adminAudit`);
  await admin.locator("thead .filter-icon-action").click();
  await admin.locator(".filter-action .filter-value").fill("custom");
  await admin.locator(".filter-action .filter-apply").click();
  await admin.locator(`#resource-table a[data-link="scores/${F.score.id}"]`).first().waitFor();
  assert.ok(await admin.locator('#resource-table [data-badge="custom"]').count() >= 3);
  await screenshot(admin, "audit-custom");
  await admin.locator(".active-filter .ant-tag-close-icon").click();
  await admin.locator('#resource-table [data-badge="delete"]').first().waitFor();
  await admin.locator(`#resource-table a[data-link="leaderboards/${F.boardId}"]`).first().waitFor();
  await screenshot(admin, "audit-list");
  await admin.locator(`#resource-table a[data-link="scores/${F.score.id}"]`).first().click();
  await admin.waitForURL(new RegExp(`/admin/scores/show/${F.score.id}$`));
  await admin.locator("#show-fields").waitFor();
  await screenshot(admin, "audit-target-show");
});

await step("users: active sessions, revoke sessions, ban with reason", async () => {
  await admin.goto(`${ADMIN}/users/show/${F.banTarget.id}`);
  await admin.locator('[data-tab="sessions"]').click();
  await admin.waitForFunction(() => document.querySelectorAll("#sessions-table .ant-table-row").length === 2);
  await screenshot(admin, "user-sessions");
  await admin.locator("#revoke-sessions").click();
  await confirmModal(admin, /Revoke/, admin.locator(".revoke-success"));
  await admin.locator(".revoke-success", { hasText: "2 session(s) revoked" }).waitFor();
  await admin.waitForFunction(() => document.querySelectorAll("#sessions-table .ant-table-row").length === 0);
  await admin.locator("#ban").click();
  await admin.locator("#ban-reason-input").fill(F.banReason);
  await screenshot(admin, "ban-dialog");
  await admin.locator("#ban-ok").click();
  await admin.locator(".ban-success").waitFor();
  await admin.locator("#banned").waitFor();
  assert.match(await admin.locator("#ban-reason").innerText(), new RegExp(F.banReason));
  await admin.locator("#unban").waitFor();
  await screenshot(admin, "user-banned");
});

await step("a mod sees only the resources in scope (and what policies open to everyone)", async () => {
  const page = await newPage();
  await signIn(page, F.mod);
  await page.locator("#sidebar").waitFor();
  const catalog = await (await page.request.get(`${BASE}/admin-api`)).json();
  const keys = await page.locator("#sidebar [data-resource]").evaluateAll((els) => els.map((e) => e.dataset.resource));
  assert.deepEqual(keys, catalog.resources.map((r) => r.key));
  assert.ok(keys.includes(F.mod.scope));
  for (const hidden of ["users", "roles", "adminAudit", "leaderboards"]) assert.ok(!keys.includes(hidden), hidden);
  await page.locator(`#sidebar [data-resource="${F.mod.scope}"]`).click();
  await page.locator("#resource-table").waitFor();
  assert.equal(await page.locator("#create").count(), 0);   // mods do not create
  assert.equal(await page.locator(".row-delete").count(), 0); // nor delete
  await screenshot(page, "mod-scoped");
  await page.goto(`${ADMIN}/users`);
  await page.getByText("does not exist or you may not see it").waitFor();
  await page.context().close();
  current = admin;
});

await step("the UI sends the security headers and breaks no rule of its Content-Security-Policy", async () => {
  const response = await admin.request.get(`${ADMIN}/`);
  const headers = response.headers();
  assert.equal(headers["x-frame-options"], "DENY");
  assert.equal(headers["referrer-policy"], "same-origin");
  assert.match(headers["content-security-policy"], /frame-ancestors 'none'/);
  assert.deepEqual(cspViolations, []);
});

await browser.close();
console.log("all browser steps passed");
