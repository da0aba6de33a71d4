// Refine's seams over Warden's contract (issue 20, point 1): an authProvider over /admin-api/auth/* and an
// accessControlProvider that answers from the catalog's `can` flags. The server still checks every request; these
// only decide what the UI offers.
import type { AccessControlProvider, AuthProvider } from "@refinedev/core";
import { get, post, type ApiError } from "./api";
import type { Catalog, Me } from "./types";

type Action = keyof Catalog["resources"][number]["can"];
const ACTIONS: Record<string, Action> = {
  list: "list", show: "read", read: "read", create: "create", clone: "create", edit: "update", update: "update",
  delete: "delete",
};

/** `can` from a catalog: the action's flag of the resource; unknown resources and actions are refused. */
export function accessControlFrom(catalog: () => Catalog | undefined): AccessControlProvider {
  return {
    can: async ({ resource, action }) => {
      const flag = ACTIONS[action];
      const entry = catalog()?.resources.find((r) => r.key === resource);
      if (!entry || !flag) return { can: false, reason: "Not in your catalog" };
      return entry.can[flag] ? { can: true } : { can: false, reason: `You may not ${flag} ${entry.label}` };
    },
    options: { buttons: { enableAccessControl: true, hideIfUnauthorized: true } },
  };
}

/**
 * Sign-in, sign-out and the identity over /admin-api/auth/*. `afterChange` tells the session context (which owns
 * the catalog) to reload. A 401 from any call is handled by the session context (`onUnauthenticated`), so
 * `onError` only passes the error on.
 */
export function authProviderWith(afterChange: () => Promise<void>): AuthProvider {
  return {
    login: async ({ email, password }: { email: string; password: string }) => {
      try {
        await post("auth/login", { email, password });
        await afterChange();
        return { success: true, redirectTo: "/" };
      } catch (e) {
        return { success: false, error: { name: "Sign-in failed", message: (e as ApiError).message } };
      }
    },
    logout: async () => {
      try {
        await post("auth/logout");
      } finally {
        await afterChange();
      }
      return { success: true, redirectTo: "/login" };
    },
    check: async () => {
      try {
        const me = (await get<Me>("auth/me")).data;
        return me.role === "admin" || me.role === "mod" ? { authenticated: true }
          : { authenticated: false, redirectTo: "/", error: { name: "No access", message: "No panel role" } };
      } catch {
        return { authenticated: false, redirectTo: "/login" };
      }
    },
    getIdentity: async () => {
      try {
        const me = (await get<Me>("auth/me")).data;
        return { id: me.user._id, email: me.user.email, role: me.role, scopes: me.scopes };
      } catch {
        return null;
      }
    },
    getPermissions: async () => {
      try {
        return (await get<Me>("auth/me")).data.role;
      } catch {
        return null;
      }
    },
    onError: async (error) => ({ error }),
  };
}
