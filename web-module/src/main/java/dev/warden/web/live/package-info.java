/**
 * Live lists over Server-Sent Events: {@code GET /admin-api/:resource/_events}
 * ({@link dev.warden.web.live.LiveResource}) and the node's open streams ({@link dev.warden.web.live.LiveStreams}:
 * per-operator cap, heartbeats, session checks), fed by {@code dev.warden.panel.live.LiveListener}.
 */
package dev.warden.web.live;
