// The generated TypeScript client (typescript-fetch, compiled to ../target/typescript-client/dist) against a running
// Warden with the hosting limits on. Run by TypeScriptClientIT (ear module): WARDEN_BASE_URL, WARDEN_TOKEN and
// WARDEN_SLUG come from the test, which made the team, its token and an application with one instance and samples.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const path = require('node:path');
const client = require(path.join(__dirname, '..', '..', 'target', 'typescript-client', 'dist', 'index.js'));

const basePath = process.env.WARDEN_BASE_URL;
const token = process.env.WARDEN_TOKEN;
const slug = process.env.WARDEN_SLUG;
const config = new client.Configuration({ basePath, accessToken: token });

/** The typed error body of a failed call (ResponseError), with the response for its headers. */
async function failure(promise) {
  try {
    await promise;
  } catch (e) {
    assert.ok(e instanceof client.ResponseError, `a ResponseError, got ${e}`);
    return { status: e.response.status, headers: e.response.headers, body: client.ModelErrorFromJSON(await e.response.json()) };
  }
  assert.fail('the call should have failed');
}

test('applications: the team\'s application with its locations, typed', async () => {
  const list = await new client.ApplicationsApi(config).listApplications();
  const app = list.data.find((a) => a.slug === slug);
  assert.ok(app, `application ${slug} listed`);
  assert.equal(typeof app.id, 'number');
  assert.ok(app.createdAt instanceof Date, 'date-time fields become Date objects');
  assert.ok(Array.isArray(app.locations) && app.locations.length === 1);
});

test('metrics history with parameters', async () => {
  const to = new Date();
  const from = new Date(to.getTime() - 6 * 3600 * 1000);
  const history = await new client.MetricsApi(config).getMetricsHistory({
    slug, resolution: client.Resolution.Minute, from, to,
  });
  assert.equal(history.application, slug);
  assert.equal(history.resolution, 'minute');
  assert.ok(history.from instanceof Date);
  assert.ok(Array.isArray(history.locations));
});

test('a typed 422: the error body names the parameter', async () => {
  const { status, body } = await failure(new client.MetricsApi(config).getMetricsHistory({
    slug, from: new Date(Date.now() - 90 * 24 * 3600 * 1000),
  }));
  assert.equal(status, 422);
  assert.equal(body.error.code, 'invalid_request');
  assert.ok(body.error.fields && body.error.fields.from, JSON.stringify(body));
});

test('a 401 for a wrong token is typed too', async () => {
  const wrong = new client.Configuration({ basePath, accessToken: token + 'x' });
  const { status, body } = await failure(new client.ApplicationsApi(wrong).listApplications());
  assert.equal(status, 401);
  assert.equal(body.error.code, 'unauthenticated');
});

test('past the team\'s 60 requests a minute: 429 rate_limited with Retry-After', async () => {
  const api = new client.ApplicationsApi(config);
  for (let i = 0; i < 200; i++) {
    try {
      await api.listApplications();
    } catch (e) {
      assert.ok(e instanceof client.ResponseError, String(e));
      assert.equal(e.response.status, 429);
      const body = client.ModelErrorFromJSON(await e.response.json());
      assert.equal(body.error.code, 'rate_limited');
      const retryAfter = Number(e.response.headers.get('Retry-After'));
      assert.ok(retryAfter >= 1 && retryAfter <= 60, `Retry-After ${retryAfter}`);
      return;
    }
  }
  assert.fail('no 429 after 200 requests');
});
