// Live lists: Refine's liveProvider over the Server-Sent Events of
// GET /admin-api/:resource/_events (same-origin, the session cookie). One EventSource per resource, shared by every
// subscriber of that resource on the page (the server caps the streams per operator, 4 by default), closed when the
// last one unsubscribes. Events carry row ids only ({resource, id}); the pages read rows through the ordinary routes.
import type { LiveEvent, LiveProvider } from "@refinedev/core";
import { apiUrl } from "./api";

/** What Refine hands to `subscribe` (the parts used here). */
interface Subscription {
  resource: string;
  types: string[];
  /** Only events of these row ids (a useOne or useMany subscription); undefined: every row (a list). */
  ids?: string[];
  callback: (event: LiveEvent) => void;
}

interface Stream {
  source: EventSource | null;
  subscribers: Set<Subscription>;
  /** Timer of the next attempt after the server closed or refused the stream (401, 403, 429). */
  retry?: ReturnType<typeof setTimeout>;
  /** True once the stream was open: a later re-open tells the lists to catch up (the replay was lost). */
  wasOpen: boolean;
}

const EVENTS = ["created", "updated", "deleted"] as const;
/** Wait before opening a stream again after the server ended or refused it (EventSource gives up on those). */
export const RETRY_MS = 20_000;

const streams = new Map<string, Stream>();

/** The resource key of a Refine channel ("resources/<key>") or subscription params. */
function resourceOf(channel: string, params?: { resource?: string }): string {
  return params?.resource ?? channel.replace(/^resources\//, "");
}

function dispatch(stream: Stream, resource: string, type: string, id: string | undefined) {
  const event: LiveEvent = {
    channel: `resources/${resource}`,
    type,
    payload: id === undefined ? {} : { ids: [id] },
    date: new Date(),
  };
  for (const s of [...stream.subscribers]) {
    if (!s.types.includes("*") && !s.types.includes(type)) continue;
    if (s.ids && (id === undefined || !s.ids.includes(id))) continue;
    s.callback(event);
  }
}

function open(resource: string, stream: Stream) {
  const source = new EventSource(`${apiUrl}/${encodeURIComponent(resource)}/_events`);
  stream.source = source;
  source.onopen = () => {
    if (stream.wasOpen) dispatch(stream, resource, "*", undefined); // lists refetch: events may have been missed
    stream.wasOpen = true;
  };
  for (const type of EVENTS) {
    source.addEventListener(type, (e) => {
      let id: string;
      try {
        id = String(JSON.parse((e as MessageEvent<string>).data).id);
      } catch {
        return;
      }
      dispatch(stream, resource, type, id);
    });
  }
  // A dropped connection is retried by the browser with Last-Event-ID (the server replays what was missed); an
  // answer other than 200 (session ended, cap reached) closes the EventSource for good: try again later.
  source.onerror = () => {
    if (source.readyState !== EventSource.CLOSED || stream.source !== source) return;
    stream.source = null;
    stream.retry = setTimeout(() => {
      stream.retry = undefined;
      if (stream.subscribers.size > 0 && streams.get(resource) === stream) open(resource, stream);
    }, RETRY_MS);
  };
}

function release(resource: string, subscription: Subscription) {
  const stream = streams.get(resource);
  if (!stream) return;
  stream.subscribers.delete(subscription);
  if (stream.subscribers.size > 0) return;
  streams.delete(resource);
  if (stream.retry) clearTimeout(stream.retry);
  stream.source?.close();
}

/** Refine's liveProvider: `subscribe` returns a handle that `unsubscribe` takes. */
export const liveProvider: LiveProvider = {
  subscribe: ({ channel, types, params, callback }) => {
    const resource = resourceOf(channel, params);
    const one = params?.subscriptionType === "useOne" || params?.subscriptionType === "useMany";
    const ids = one ? (params?.ids ?? (params?.id !== undefined ? [params.id] : [])).map(String) : undefined;
    const subscription: Subscription = { resource, types: types.map(String), ids, callback };
    let stream = streams.get(resource);
    if (!stream) {
      stream = { source: null, subscribers: new Set(), wasOpen: false };
      streams.set(resource, stream);
      stream.subscribers.add(subscription);
      open(resource, stream);
    } else {
      stream.subscribers.add(subscription);
    }
    return subscription;
  },
  unsubscribe: (subscription: Subscription) => release(subscription.resource, subscription),
};

/** The resources with an open (or reopening) stream on this page, for tests and diagnostics. */
export const openStreams = (): string[] => [...streams.keys()];
