// Browser test of second factors (docs/security.md, "Second factors and step-up"), run by SecondFactorsIT on a server
// whose rule asks admins to enrol: a fresh admin signs in with a password and sees only the enrolment page, sets up an
// authenticator app (QR code, secret, first code), gets the recovery codes once, opens the panel, signs out and in
// again with a code; a second admin whose last proof is old removes their app and the step-up modal asks for a
// recovery code, then the removal goes through. Passkeys through Chromium's virtual authenticator (DevTools protocol:
// ctap2, internal, resident keys, user verification): the first admin adds one on the Security page, renames it, signs
// out and signs in with "Sign in with a passkey"; a third admin, whose passkey the IT registered and hands to the
// virtual authenticator, removes it and passes the step-up modal with "Use a passkey". axe-core on the enrolment page,
// the QR code and its form, the recovery codes, the sign-in's second step, the passkeys and the step-up modals.
// WARDEN_FIXTURES: {email, password, stepUp: {cookie, recovery}, passkeyStepUp: {cookie, credential}}.
import assert from "node:assert/strict";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import { ADMIN, BASE, F, SHOTS, TIMEOUT, launchBrowser, confirmOk } from "./harness.mjs";

const AXE = fs.readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/** RFC 6238 (HMAC-SHA-1, 30 s, 6 digits) of a base32 secret at `step`. */
function totp(secret, step) {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  let bits = "";
  for (const c of secret) bits += alphabet.indexOf(c).toString(2).padStart(5, "0");
  const key = Buffer.from(bits.match(/.{8}/g).map((b) => parseInt(b, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const h = crypto.createHmac("sha1", key).update(counter).digest();
  const o = h[h.length - 1] & 0xf;
  return String((h.readUInt32BE(o) & 0x7fffffff) % 1_000_000).padStart(6, "0");
}

async function axe(page, name, problems) {
  // after antd's zoom and fade entrances: half-way through one, text is translucent and fails the contrast rule
  await page.waitForFunction(() => !document.querySelector(
    ".ant-zoom-appear, .ant-zoom-enter, .ant-fade-appear, .ant-fade-enter, .ant-move-up-appear, .ant-move-up-enter"),
  null, { timeout: 5000 }).catch(() => {});
  await page.evaluate(AXE);
  const result = await page.evaluate(() => window.axe.run(document, { resultTypes: ["violations"] }));
  for (const v of result.violations.filter((x) => x.impact === "serious" || x.impact === "critical")) {
    problems.push(`${name}: ${v.id} (${v.impact}) ${v.help}: ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(" | ")}`);
  }
}

/** A virtual platform authenticator (a passkey provider with user verification) for `page`; its id. */
async function virtualAuthenticator(context, page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: { protocol: "ctap2", transport: "internal", hasResidentKey: true, hasUserVerification: true,
      isUserVerified: true, automaticPresenceSimulation: true },
  });
  return { cdp, authenticatorId };
}

const browser = await launchBrowser();
const problems = [];
try {
  const context = await browser.newContext();
  const page = await context.newPage();
  page.setDefaultTimeout(TIMEOUT);
  await page.goto(`${ADMIN}/login`);
  await page.locator("#email").fill(F.email);
  await page.locator("#password").fill(F.password);
  await page.locator("#sign-in").click();
  await page.locator("#mfa-required").waitFor();
  await axe(page, "enrolment page", problems);
  await page.screenshot({ path: path.join(SHOTS, "mfa-enrol.png"), fullPage: true });
  console.log("ok   a password alone opens only the enrolment page");

  await page.locator("#totp-start").click();
  await page.locator("#totp-qr").waitFor();
  await axe(page, "QR code and confirmation form", problems);
  const secret = (await page.locator("#totp-secret").textContent()).trim();
  assert.match(secret, /^[A-Z2-7]{32}$/);
  assert.match(await page.locator("#totp-uri").textContent(), /^otpauth:\/\/totp\//);
  const step = Math.floor(Date.now() / 30000);
  await page.locator("#totp-code").fill(totp(secret, step));
  await page.locator("#totp-confirm").click();
  await page.locator("#recovery-codes").waitFor();
  assert.equal(await page.locator(".recovery-code").count(), 10);
  await axe(page, "recovery codes", problems);
  await page.screenshot({ path: path.join(SHOTS, "mfa-recovery-codes.png"), fullPage: true });
  await page.locator("#recovery-codes-done").click();
  await page.locator("#mfa-continue").click();
  await page.locator("#sidebar").waitFor();
  console.log("ok   the authenticator app is set up with a QR code and a first code; the panel opens");

  await page.locator("#sign-out").click();
  await page.waitForURL(/\/admin\/login/);
  // a fresh page load: the sign-in page is not remounted by the sign-out's session change half-way through
  await page.goto(`${ADMIN}/login`);
  await page.locator("#sign-in-form").waitFor();
  await page.locator("#email").fill(F.email);
  await page.locator("#password").fill(F.password);
  await page.locator("#sign-in").click();
  await page.locator("#mfa-form").waitFor();
  await axe(page, "second step", problems);
  await page.locator("#mfa-code").fill(totp(secret, step + 1));
  await page.locator("#mfa-verify").click();
  await page.locator("#sidebar").waitFor();
  console.log("ok   signed in again with the password and a code");

  // a passkey added on the Security page, renamed, then a passwordless sign-in with it
  await virtualAuthenticator(context, page);
  await page.goto(`${ADMIN}/security`);
  await page.locator("#passkey-name").fill("Laptop");
  await page.locator("#passkey-add").click();
  await page.locator(".passkey-name", { hasText: "Laptop" }).waitFor();
  await page.locator(".passkey-rename").first().click();
  await page.locator("#passkey-new-name").fill("Browser key");
  await page.locator("#passkey-rename-ok").click();
  await page.locator(".passkey-name", { hasText: "Browser key" }).waitFor();
  // the rename dialog fully gone (half-way through its fade-out its text is translucent and fails the contrast rule)
  await page.locator("#passkey-rename-form").waitFor({ state: "detached" });
  await axe(page, "passkeys on the Security page", problems);
  await page.screenshot({ path: path.join(SHOTS, "mfa-passkeys.png"), fullPage: true });
  await page.locator("#sign-out").click();
  await page.waitForURL(/\/admin\/login/);
  await page.goto(`${ADMIN}/login`);
  await page.locator("#sign-in-passkey").waitFor();
  await axe(page, "sign-in page with the passkey button", problems);
  await page.locator("#sign-in-passkey").click();
  await page.locator("#sidebar").waitFor();
  console.log("ok   a passkey added on the Security page and renamed signs in without a password");

  // step-up: a session whose last proof is old; removing the app is a step-up route
  const other = await browser.newContext();
  await other.addCookies([{ name: "warden_session", value: F.stepUp.cookie, url: BASE }]);
  const second = await other.newPage();
  second.setDefaultTimeout(TIMEOUT);
  await second.goto(`${ADMIN}/security`);
  await second.locator("#totp-remove").click();
  await confirmOk(second, second.locator("#step-up-form"));
  await second.locator("#step-up-form").waitFor();
  await axe(second, "step-up modal", problems);
  await second.locator("#step-up-toggle").click();
  await second.locator("#step-up-code").fill(F.stepUp.recovery);
  await second.locator("#step-up-ok").click();
  await second.locator("#totp-start").waitFor();
  console.log("ok   the step-up modal asked for a recovery code and the removal went through");

  // step-up by passkey: the removal of the third admin's passkey, whose proof is old
  const third = await browser.newContext();
  await third.addCookies([{ name: "warden_session", value: F.passkeyStepUp.cookie, url: BASE }]);
  const keyPage = await third.newPage();
  keyPage.setDefaultTimeout(TIMEOUT);
  const { cdp, authenticatorId } = await virtualAuthenticator(third, keyPage);
  await cdp.send("WebAuthn.addCredential", { authenticatorId, credential: F.passkeyStepUp.credential });
  await keyPage.goto(`${ADMIN}/security`);
  await keyPage.locator(".passkey-remove").first().click();
  await confirmOk(keyPage, keyPage.locator("#step-up-form"));
  await keyPage.locator("#step-up-passkey").waitFor();
  await axe(keyPage, "step-up modal with a passkey", problems);
  await keyPage.locator("#step-up-passkey").click();
  await keyPage.locator("#passkeys-card").getByText("No passkeys.").waitFor();
  console.log("ok   the step-up modal took a passkey and the removal went through");
} finally {
  await browser.close();
}
assert.deepEqual(problems, []);
console.log("all second-factor browser steps passed");
