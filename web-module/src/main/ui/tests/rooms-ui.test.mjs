// Browser test of the live Rooms pages, run by the ear module's RoomsUiIT against a
// server where the IT holds real WebSocket players: headless Debian Chromium driven by playwright-core.
//
// Environment: WARDEN_URL (server root), WARDEN_FIXTURES (JSON made by RoomsUiIT: admin {email, password}, room (two
// players, alice and bob: their client ids; alice keeps sending messages), lockedRoom (one player, locked),
// carolEmail (the locked room's player), template (a saved template's name: type notice, data "hello from the panel"),
// uiTemplate (the name the templates step creates)), WARDEN_SCREENSHOTS, CHROMIUM.
// Steps: the list (both rooms, the locked filter), the nodes card, find carol's room by her email, sort by messages in (the busy
// room first), open the room (clients with user links, the state tree), send a message to the room filled from a template (the IT checks
// that its players got it), a
// client's user page (its socket on the Active sessions tab: kind, room, node, ip, since), kick
// bob, edit alice's ready flag, set and delete a value, lock and unlock, dispose, the admins' templates page. Exit code 0 when every step passed;
// the first failing step prints its error, saves FAILED-rooms-*.png and exits 1.
import assert from "node:assert/strict";
import path from "node:path";
import { BASE, ADMIN, F, SHOTS, TIMEOUT, confirmOk, launchBrowser } from "./harness.mjs";

const browser = await launchBrowser();
const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
context.setDefaultTimeout(TIMEOUT);
const page = await context.newPage();
const pageErrors = [];
page.on("pageerror", (e) => { pageErrors.push(e.message); console.log(`  [page error] ${e.message}`); });

let shot = 0;
async function screenshot(name) {
  shot += 1;
  await page.locator(".ant-spin-spinning").first().waitFor({ state: "detached", timeout: 5000 }).catch(() => {});
  await page.screenshot({ path: path.join(SHOTS, `rooms-${String(shot).padStart(2, "0")}-${name}.png`), fullPage: true });
}
async function step(name, fn) {
  const started = Date.now();
  try {
    await fn();
    console.log(`ok   ${name} (${Date.now() - started} ms)`);
  } catch (e) {
    console.log(`FAIL ${name}: ${e.stack || e}`);
    await page.screenshot({ path: path.join(SHOTS, `FAILED-rooms-${name.replace(/\W+/g, "-")}.png`), fullPage: true })
      .catch(() => {});
    await browser.close();
    process.exit(1);
  }
}
/** Confirms the last confirmation dialog, after checking its title; `fill` types into an input of it first. */
async function confirm(title, fill) {
  const modal = page.locator(".ant-modal-confirm").last();
  await modal.waitFor();
  assert.match(await modal.locator(".ant-modal-confirm-title").innerText(), title);
  if (fill) await fill(modal);
  await confirmOk(page);
}
const roomRow = (id) => page.locator(`#rooms-table tr.ant-table-row:has(a[data-room="${id}"])`);
const clientRows = () => page.locator("#room-clients-table tbody tr.ant-table-row");
const stateNode = (pointer) => page.locator(`#state-tree .state-node[data-path="${pointer}"]`);
async function pick(selectId, label) {
  await page.locator(`#${selectId}`).click({ force: true });
  await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${label}"]`).click();
}

await step("sign in and open the Rooms page from the sidebar: both rooms, live", async () => {
  await page.goto(`${ADMIN}/login`);
  await page.locator("#email").fill(F.admin.email);
  await page.locator("#password").fill(F.admin.password);
  await page.locator("#sign-in").click();
  // the sign-in lands on the dashboard; a sidebar click before that landing is undone by it (a WildFly CI run
  // clicked Rooms, saw /admin/rooms, then the dashboard again)
  await page.locator("#page-title", { hasText: /^Dashboard$/ }).waitFor();
  // the dashboard writes its hosting selection into the URL (?team=&app=, a replace navigation) once its lists have
  // loaded; on a loaded machine that came after the click and took the page back to the dashboard. Click again until
  // the Rooms page stays for 2 s, within twice TIMEOUT
  const rooms = page.locator("#page-title", { hasText: /^Rooms$/ });
  const stays = async () => {
    if (!(await rooms.waitFor({ timeout: 10000 }).then(() => true, () => false))) return false;
    await page.waitForTimeout(2000);
    return (await rooms.isVisible()) && new URL(page.url()).pathname.endsWith("/admin/rooms");
  };
  for (const until = Date.now() + 2 * TIMEOUT; ;) {
    await page.locator('#sidebar [data-resource="rooms"]').click();
    if (await stays()) break;
    if (Date.now() > until) throw new Error(`the Rooms page did not stay after sign-in (at ${page.url()})`);
    console.log(`  [retry] at ${page.url()} after the click on Rooms: clicking again`);
  }
  await roomRow(F.room).waitFor();
  await roomRow(F.lockedRoom).waitFor();
  assert.match(await roomRow(F.room).innerText(), /lobby/);
  assert.match(await roomRow(F.room).innerText(), /2 \/ \d+/);
  assert.match(await roomRow(F.lockedRoom).innerText(), /locked/);
  await screenshot("list");
});

await step("the nodes card: this node with its rooms, clients and figures", async () => {
  const node = page.locator("#nodes-table tbody tr.ant-table-row").first();
  await node.waitFor();
  await page.waitForFunction(() => Number(document.querySelector("#nodes-table .node-clients")?.textContent) >= 3);
  assert.ok(Number(await node.locator(".node-rooms").innerText()) >= 2);
  const headers = await page.locator("#nodes-table thead th").allInnerTexts();
  for (const h of ["Msgs in/s", "Bytes out/s", "Patches/s", "Patch p50 ms", "Patch p99 ms", "Behind ms"]) {
    assert.ok(headers.includes(h), `${h} in ${headers}`);
  }
  await page.waitForFunction(() => Number(document.querySelector("#nodes-table .node-figure-messages_in_per_s")
    ?.textContent) > 0);
});

await step("filter by locked, then by type", async () => {
  await pick("rooms-locked", "Locked");
  await roomRow(F.room).waitFor({ state: "detached" });
  await roomRow(F.lockedRoom).waitFor();
  await screenshot("list-locked");
  await pick("rooms-locked", "Unlocked");
  await roomRow(F.lockedRoom).waitFor({ state: "detached" });
  await roomRow(F.room).waitFor();
  await pick("rooms-locked", "Locked or not");
  await pick("rooms-type", "lobby");
  await roomRow(F.lockedRoom).waitFor();
  await roomRow(F.room).waitFor();
});

await step("find a player's room by email", async () => {
  await page.locator("#rooms-player").fill(F.carolEmail.toUpperCase());
  await page.locator("#rooms-player").press("Enter");
  await page.waitForURL(/\?player=/);
  await roomRow(F.room).waitFor({ state: "detached" });
  await roomRow(F.lockedRoom).waitFor();
  assert.equal(await page.locator("#rooms-table tbody tr.ant-table-row").count(), 1);
  await screenshot("player-search");
  await page.locator("#rooms-player").fill("");
  await page.locator("#rooms-player").press("Enter");
  await roomRow(F.room).waitFor();
});

await step("sort the list by load: messages in, ascending then descending", async () => {
  const header = page.locator("#rooms-table th", { hasText: "Msgs in/s" }).first();
  const first = () => page.locator("#rooms-table tbody tr.ant-table-row a[data-room]").first().getAttribute("data-room");
  await header.click();
  await page.waitForFunction(() => document.querySelector("#rooms-table th[aria-sort='ascending']"));
  await page.waitForFunction((room) => document.querySelector("#rooms-table tbody tr.ant-table-row a[data-room]")
    ?.getAttribute("data-room") !== room, F.room);
  await header.click();
  await page.waitForFunction(() => document.querySelector("#rooms-table th[aria-sort='descending']"));
  await page.waitForFunction((room) => document.querySelector("#rooms-table tbody tr.ant-table-row a[data-room]")
    ?.getAttribute("data-room") === room, F.room);
  assert.equal(await first(), F.room);
  assert.notEqual(await roomRow(F.room).locator(".figure-messages_in_per_s").innerText(), "0");
  await screenshot("sorted-by-load");
});

await step("open a room: its clients with user links and the state tree", async () => {
  await roomRow(F.room).locator("a[data-room]").click();
  await page.locator("#page-title", { hasText: `Room ${F.room}` }).waitFor();
  await page.waitForFunction(() => document.querySelectorAll("#room-clients-table tbody tr.ant-table-row").length === 2);
  const rows = await clientRows().allInnerTexts();
  assert.ok(rows.some((r) => r.includes(F.alice)), rows.join("\n"));
  assert.ok(rows.some((r) => r.includes(F.bob)), rows.join("\n"));
  const links = await page.locator("#room-clients-table a.client-user").evaluateAll((as) => as.map((a) => a.getAttribute("href")));
  assert.equal(links.length, 2);
  for (const href of links) assert.match(href, /\/admin\/users\/show\/\d+$/);
  await stateNode(`/players/${F.alice}/ready`).waitFor();
  assert.match(await stateNode(`/players/${F.alice}/ready`).innerText(), /false/);
  assert.equal(await page.locator("#room-locked").innerText(), "no");
  await screenshot("room");
});

await step("send a message to every client of the room, confirmed", async () => {
  await page.locator("#room-figures").waitFor();
  // the template the IT saved fills type and data
  await page.locator("#message-template:not([disabled])").waitFor();
  await pick("message-template", F.template);
  await page.waitForFunction(() => document.querySelector("#message-type")?.value === "notice");
  assert.equal(await page.locator("#message-data").inputValue(), '"hello from the panel"');
  await page.locator("#message-send").click();
  await confirm(/to every client of this room/);
  await page.locator(".room-action-done", { hasText: "Sent" }).first().waitFor();
  await screenshot("message-sent");
});

await step("a client's user link: the user page lists the open socket with its room and node", async () => {
  await page.locator(`#room-clients-table tr.ant-table-row:has-text("${F.alice}") a.client-user`).click();
  await page.waitForURL(/\/admin\/users\/show\/\d+$/);
  await page.locator('[data-tab="sessions"]').click();
  const socket = page.locator("#sessions-table tr.ant-table-row", { hasText: "websocket" });
  await socket.waitFor();
  const text = await socket.innerText();
  assert.ok(text.includes(F.room), text);
  const headers = await page.locator("#sessions-table thead th").allInnerTexts();
  for (const h of ["kind", "room", "node", "ip", "since"]) assert.ok(headers.includes(h), `${h} in ${headers}`);
  await screenshot("user-sockets");
  await page.goBack();
  await page.locator("#page-title", { hasText: `Room ${F.room}` }).waitFor();
  await page.waitForFunction(() => document.querySelectorAll("#room-clients-table tbody tr.ant-table-row").length === 2);
});

await step("kick bob (with a reason): the client leaves the table", async () => {
  await page.locator(`button.kick[data-client="${F.bob}"]`).click();
  await confirm(new RegExp(`Kick ${F.bob}`), (modal) => modal.locator("#kick-reason").fill("ui test"));
  await page.locator(".room-action-done").first().waitFor();
  await page.waitForFunction(() => document.querySelectorAll("#room-clients-table tbody tr.ant-table-row").length === 1);
  assert.match(await clientRows().first().innerText(), new RegExp(F.alice));
  await stateNode(`/players/${F.bob}`).waitFor({ state: "detached" });
  await screenshot("kicked");
});

await step("edit the state: alice's ready flag becomes true", async () => {
  const pointer = `/players/${F.alice}/ready`;
  await stateNode(pointer).locator("button.state-edit").click();
  await confirm(/^Edit /, async (modal) => {
    assert.equal(await modal.locator("#state-path").inputValue(), pointer);
    await modal.locator("#state-value").fill("true");
  });
  await page.waitForFunction((p) => document.querySelector(`#state-tree .state-node[data-path="${p}"] .state-value`)
    ?.textContent === "true", pointer);
  await screenshot("state-edited");
});

await step("set a new value, then delete it", async () => {
  await page.locator("#state-add").click();
  await confirm(/Set a value/, async (modal) => {
    await modal.locator("#state-path").fill("/motd");
    await modal.locator("#state-value").fill('{"text": "welcome", "level": 2}');
  });
  await stateNode("/motd/text").waitFor();
  assert.match(await stateNode("/motd/text").innerText(), /"welcome"/);
  await stateNode("/motd").locator("button.state-delete").first().click();
  await confirm(/Delete \/motd\?/);
  await stateNode("/motd").waitFor({ state: "detached" });
  await screenshot("state-deleted");
});

await step("Save stays disabled while the value is not JSON", async () => {
  await stateNode(`/players/${F.alice}/ready`).locator("button.state-edit").click();
  const modal = page.locator(".ant-modal-confirm").last();
  await modal.locator("#state-value").fill("not json");
  assert.equal(await modal.locator("#confirm-ok").isDisabled(), true);
  await modal.locator("#state-value").fill("false");
  assert.equal(await modal.locator("#confirm-ok").isDisabled(), false);
  await modal.locator(".ant-btn:not(#confirm-ok)").click(); // cancel
  await modal.waitFor({ state: "detached" });
});

await step("lock and unlock, each confirmed", async () => {
  await page.locator("#room-lock").click();
  await confirm(/Lock this room\?/);
  await page.locator("#room-locked", { hasText: /^yes$/ }).waitFor();
  await page.locator("#room-lock").click();
  await confirm(/Unlock this room\?/);
  await page.locator("#room-locked", { hasText: /^no$/ }).waitFor();
});

await step("dispose: back on the list, the room is gone", async () => {
  await page.locator("#room-dispose").click();
  await confirm(/Dispose of this room\?/, (modal) => modal.locator("#dispose-reason").fill("ui test done"));
  await page.waitForURL(/\/admin\/rooms$/);
  await roomRow(F.lockedRoom).waitFor();
  await roomRow(F.room).waitFor({ state: "detached" });
  await screenshot("disposed");
  await page.goto(`${ADMIN}/rooms/${F.room}`);
  await page.getByText("Room not found").waitFor();
  assert.deepEqual(pageErrors, []);
});

await step("the admins' templates page: create one through the dialog, then delete it", async () => {
  await page.goto(`${ADMIN}/rooms`);
  await page.locator("#rooms-templates").click();
  await page.locator("#page-title", { hasText: "Message templates" }).waitFor();
  await page.locator("#templates-table tr.ant-table-row", { hasText: F.template }).waitFor();
  await page.locator("#template-new").click();
  await page.locator("#template-room-type").fill("lobby");
  await page.locator("#template-name").fill(F.uiTemplate);
  await page.locator("#template-type").fill("notice");
  await page.locator("#template-data").fill('{"text": "made in the browser"}');
  await page.locator("#template-save").click();
  const row = page.locator("#templates-table tr.ant-table-row", { hasText: F.uiTemplate });
  await row.waitFor();
  assert.match(await row.innerText(), /made in the browser/);
  await screenshot("templates");
  await row.locator(".template-delete").click();
  await confirm(/Delete the template/);
  await row.waitFor({ state: "detached" });
});

await browser.close();
console.log("all rooms browser steps passed");
