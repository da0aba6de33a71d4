// Who is signed in (GET /admin-api/auth/me) and what they may see (the catalog, GET /admin-api).
import React, { createContext, useCallback, useContext, useEffect, useState } from "react";
import { get, onUnauthenticated } from "./api.js";

const SessionContext = createContext(null);

/** status: loading | anonymous | user (no panel role) | operator. */
export function SessionProvider({ children }) {
  const [state, setState] = useState({ status: "loading" });

  const reload = useCallback(async () => {
    try {
      const me = (await get("auth/me")).data;
      if (me.role !== "admin" && me.role !== "mod") {
        setState({ status: "user", me });
        return;
      }
      const catalog = (await get("")).data;
      setState({ status: "operator", me, catalog });
    } catch (e) {
      setState({ status: e.statusCode === 403 ? "user" : "anonymous" });
    }
  }, []);

  useEffect(() => {
    reload();
    return onUnauthenticated(() => setState({ status: "anonymous", expired: true }));
  }, [reload]);

  return <SessionContext.Provider value={{ ...state, reload }}>{children}</SessionContext.Provider>;
}

export const useSession = () => useContext(SessionContext);

/** The catalog entry of a resource key, or undefined when the operator cannot list it. */
export function useResource(key) {
  const { catalog } = useSession();
  return catalog?.resources.find((r) => r.key === key);
}

/** A column definition of a resource by SQL name. */
export const columnOf = (resource, name) => resource?.columns.find((c) => c.name === name);
