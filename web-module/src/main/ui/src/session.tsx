// Who is signed in (GET /admin-api/auth/me) and what they may see (the catalog, GET /admin-api).
import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from "react";
import { get, onUnauthenticated, type ApiError } from "./api";
import type { Catalog, ColumnInfo, Me, ResourceInfo } from "./types";

/** status: loading | anonymous | user (no panel role) | enrol (must enrol a second factor first) | operator. */
export type SessionState =
  | { status: "loading" }
  | { status: "enrol"; me: Me }
  | { status: "anonymous"; expired?: boolean }
  | { status: "user"; me?: Me }
  | { status: "operator"; me: Me; catalog: Catalog };

export type Session = SessionState & { reload: () => Promise<void> };

const SessionContext = createContext<Session | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<SessionState>({ status: "loading" });

  const reload = useCallback(async () => {
    try {
      const me = (await get<Me>("auth/me")).data;
      if (me.role !== "admin" && me.role !== "mod") {
        setState({ status: "user", me });
        return;
      }
      let catalog: Catalog;
      try {
        catalog = (await get<Catalog>("")).data;
      } catch (e) {
        // the role must hold a second factor: only the enrolment routes answer (docs/security.md)
        if ((e as ApiError).code === "mfa_enrollment_required") {
          setState({ status: "enrol", me });
          return;
        }
        throw e;
      }
      setState({ status: "operator", me, catalog });
    } catch (e) {
      setState((e as ApiError).statusCode === 403 ? { status: "user" } : { status: "anonymous" });
    }
  }, []);

  useEffect(() => {
    reload();
    // a 401 ends a session once: one that comes in after sign-out (a poll or stream still in flight) must leave the
    // sign-in page as it is, or the page would be mounted again and lose what the operator has typed
    const stop = onUnauthenticated(() =>
      setState((s) => (s.status === "anonymous" ? s : { status: "anonymous", expired: true })));
    return () => { stop(); };
  }, [reload]);

  return <SessionContext.Provider value={{ ...state, reload }}>{children}</SessionContext.Provider>;
}

/**
 * The session. The pages under the signed-in shell read `catalog` and `me` directly: they render only for an
 * operator, so the loose type below (every field optional) is what the JSX pages see.
 */
export const useSession = (): Session & { catalog: Catalog; me: Me; expired?: boolean } =>
  useContext(SessionContext) as Session & { catalog: Catalog; me: Me; expired?: boolean };

/** The catalog entry of a resource key, or undefined when the operator cannot list it. */
export function useResource(key: string | undefined): ResourceInfo | undefined {
  const session = useContext(SessionContext);
  return session?.status === "operator" ? session.catalog.resources.find((r) => r.key === key) : undefined;
}

/** A column definition of a resource by SQL name. */
export const columnOf = (resource: ResourceInfo | undefined, name: string): ColumnInfo | undefined =>
  resource?.columns.find((c) => c.name === name);
