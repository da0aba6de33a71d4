// What every browser test script shares (run by the ear module's ITs through BrowserTests.run): the environment the
// IT passes and a headless Debian Chromium driven by playwright-core (never a browser download).
//
// Environment: WARDEN_URL (server root), WARDEN_FIXTURES (JSON made by the IT), WARDEN_SCREENSHOTS (directory for the
// PNGs, created here), CHROMIUM (default /usr/bin/chromium).
import { chromium } from "playwright-core";
import fs from "node:fs";

export const BASE = (process.env.WARDEN_URL || "http://localhost:9181").replace(/\/+$/, "");
export const ADMIN = `${BASE}/admin`;
export const F = JSON.parse(process.env.WARDEN_FIXTURES || "{}");
export const SHOTS = process.env.WARDEN_SCREENSHOTS || "ui-screenshots";
/**
 * Playwright's default timeout for each action and navigation, in ms (WARDEN_UI_TIMEOUT_MS, default 60000): a bound a
 * loaded 2-core machine meets (the first page after sign-in once took more than 20 s there); a step that is ready
 * sooner goes on at once.
 */
export const TIMEOUT = Number(process.env.WARDEN_UI_TIMEOUT_MS) || 60000;
fs.mkdirSync(SHOTS, { recursive: true });

/**
 * Clicks the open confirmation dialog's OK (`#confirm-ok`) until the click takes: the dialog closes, or `effect` (a
 * locator for what the click brings about: a toast, or a failure shown in a dialog that stays open) appears. A click
 * that lands while the dialog is still zooming in can be lost on a loaded machine (CI runs saw a dialog stay open for
 * 60 s); while the click's request runs, the button is loading and ignores further clicks.
 */
export async function confirmOk(page, effect) {
  const modal = page.locator(".ant-modal-confirm").last();
  for (let attempt = 0; ; attempt++) {
    await page.locator("#confirm-ok").last().click();
    const took = [modal.waitFor({ state: "detached", timeout: 15000 })];
    if (effect) took.push(effect.first().waitFor({ timeout: 15000 }));
    try {
      await Promise.any(took);
      return;
    } catch (e) {
      if (attempt >= 3) throw e;
    }
  }
}

/** Starts the headless browser; the caller closes it. */
export function launchBrowser() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    headless: true,
    timeout: TIMEOUT,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
      "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
}
