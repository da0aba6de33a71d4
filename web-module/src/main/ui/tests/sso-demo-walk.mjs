// The SSO demo walk-through (docs/sso.md, Demo), by hand or scripted: against a Warden started
// with `WARDEN_SSO_DEMO=true ./run.sh`, open the panel, click "Sign in with Demo SSO", type a user name and claims at
// the demo provider's login page (mock-oauth2-server, interactive), land in the panel with the role the groups map
// to, then sign out. Not run by the ITs (not *.test.mjs): run it from web-module/src/main/ui with
//   WARDEN_URL=http://localhost:9080 node tests/sso-demo-walk.mjs
// Environment: WARDEN_URL, CHROMIUM (default /usr/bin/chromium), WARDEN_SCREENSHOTS (default ui-screenshots),
// DEMO_USER (alice: an admin; bob: a mod of users and userNotes).
import { chromium } from "playwright-core";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";

const BASE = (process.env.WARDEN_URL || "http://localhost:9080").replace(/\/+$/, "");
const SHOTS = process.env.WARDEN_SCREENSHOTS || "ui-screenshots";
const WHO = process.env.DEMO_USER || "alice";
const DEMO = {
  alice: { claims: { email: "alice@warden.local", groups: ["warden-admins"] }, role: "admin" },
  bob: { claims: { email: "bob@warden.local", groups: ["support"] }, role: "mod" },
}[WHO];
assert.ok(DEMO, `DEMO_USER is alice or bob, not ${WHO}`);
fs.mkdirSync(SHOTS, { recursive: true });

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  headless: true,
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
    "--disable-component-update", "--disable-sync"],
});
try {
  const page = await (await browser.newContext()).newPage();
  page.setDefaultTimeout(30000);
  await page.goto(`${BASE}/admin/`);
  const button = page.locator("#sign-in-sso");
  await button.waitFor();
  assert.equal((await button.textContent()).trim(), "Sign in with Demo SSO");
  await page.screenshot({ path: path.join(SHOTS, "sso-demo-1-login.png"), fullPage: true });
  console.log("ok   the login page offers 'Sign in with Demo SSO'");

  await button.click();
  await page.locator("input[name=username]").waitFor();
  console.log(`ok   at the demo provider's login page: ${new URL(page.url()).origin}${new URL(page.url()).pathname}`);
  await page.fill("input[name=username]", WHO);
  await page.fill("textarea[name=claims]", JSON.stringify(DEMO.claims));
  await page.screenshot({ path: path.join(SHOTS, "sso-demo-2-provider.png"), fullPage: true });
  await page.click("input[type=submit]");

  await page.locator("#sign-out").waitFor();
  const me = await page.evaluate(async () => (await fetch("/admin-api/auth/me")).json());
  assert.equal(me.role, DEMO.role, JSON.stringify(me));
  assert.equal(me.user.email, DEMO.claims.email);
  await page.screenshot({ path: path.join(SHOTS, "sso-demo-3-signed-in.png"), fullPage: true });
  console.log(`ok   signed in to the panel as ${me.user.email}, role ${me.role}${me.scopes ? " " + JSON.stringify(me.scopes) : ""}`);

  await page.locator("#sign-out").click();
  await page.waitForURL((u) => !u.pathname.startsWith("/admin/") || u.origin !== BASE, { timeout: 10000 }).catch(() => {});
  await page.goto(`${BASE}/admin/`);
  await page.locator("#sign-in-sso").waitFor();
  assert.equal(await page.evaluate(async () => (await fetch("/admin-api/auth/me")).status), 401);
  console.log("ok   signed out: back at the login page, no session");
} finally {
  await browser.close();
}
