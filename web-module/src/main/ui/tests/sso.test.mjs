// Browser test of single sign-on: the login page offers "Sign in with <provider>", the button goes
// through the provider (mock-oauth2-server, non-interactive) and back to the panel signed in, and sign-out ends the
// session through the SSO logout route. Run by SsoBrowserIT (WARDEN_FIXTURES: {provider, issuer}) and by SsoOnlyIT
// (also ssoOnly: true, where the page must show the button alone); same environment as
// admin-ui.test.mjs (WARDEN_URL, CHROMIUM, WARDEN_SCREENSHOTS).
import assert from "node:assert/strict";
import path from "node:path";
import { BASE, F, SHOTS, TIMEOUT, launchBrowser } from "./harness.mjs";

const browser = await launchBrowser();
try {
  const page = await (await browser.newContext()).newPage();
  page.setDefaultTimeout(TIMEOUT);
  await page.goto(`${BASE}/admin/`);
  const button = page.locator("#sign-in-sso");
  await button.waitFor();
  assert.equal((await button.textContent()).trim(), `Sign in with ${F.provider}`);
  if (F.ssoOnly) {
    // mode sso: only the button, no password form, no reset link
    assert.equal(await page.locator("#sign-in-form").count(), 0, "mode sso: no password form");
    assert.equal(await page.locator("#forgot-password").count(), 0, "mode sso: no password reset link");
    console.log("ok   mode sso: the login page shows only the SSO button");
  } else {
    assert.ok(await page.locator("#sign-in-form").isVisible(), "mode both: the password form stays");
  }
  await page.screenshot({ path: path.join(SHOTS, "sso-login.png"), fullPage: true });

  await button.click();
  await page.locator("#sign-out").waitFor();
  assert.ok(new URL(page.url()).pathname.startsWith("/admin"), `back in the panel: ${page.url()}`);
  const me = await page.evaluate(async () => (await fetch("/admin-api/auth/me")).json());
  assert.equal(me.role, "admin", JSON.stringify(me));
  await page.screenshot({ path: path.join(SHOTS, "sso-signed-in.png"), fullPage: true });
  console.log(`ok   signed in through ${F.provider} as ${me.user.email}`);

  // sign-out: a form POST to the SSO logout route, which ends the session and answers 303 to the provider's
  // end-session endpoint (SsoBrowserIT checks the audit row; SsoIT the redirect); back at the panel there is no
  // session any more
  const loggedOut = page.waitForRequest((r) => r.url().endsWith("/admin-api/auth/sso/logout"));
  await page.locator("#sign-out").click();
  assert.equal((await loggedOut).method(), "POST");
  await page.waitForTimeout(1500);
  await page.goto(`${BASE}/admin/`);
  await page.locator("#sign-in-sso").waitFor();
  const after = await page.evaluate(async () => (await fetch("/admin-api/auth/me")).status);
  assert.equal(after, 401, "signed out: the session has ended");
  console.log("ok   signed out through the SSO logout route: no session back at the panel");
} finally {
  await browser.close();
}
