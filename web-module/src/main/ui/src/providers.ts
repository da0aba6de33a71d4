// Refine's seams over Warden's contract: an authProvider over /admin-api/auth/* and an
// accessControlProvider that answers from the catalog's `can` flags. The server still checks every request; these
// only decide what the UI offers.
import type { AccessControlProvider, AuthProvider } from "@refinedev/core";
import { get, post, type ApiError } from "./api";
import type { AuthMethods, Catalog, Credentials, Me } from "./types";

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

/** What the authProvider reads of the session context (SessionProvider owns the state; see session.tsx). */
export interface SessionView {
  /** The session's status now: loading, anonymous, user (no panel role) or operator. */
  status: () => string;
  /** Reloads the session (GET auth/me and the catalog); resolves when the new state is set. */
  reload: () => Promise<void>;
}

/**
 * Sign-in, sign-out and the identity over /admin-api/auth/*. The session context owns who is signed in (one GET of
 * auth/me and the catalog, reloaded after every change), so `check` answers from it without another request: a
 * session with or without a panel role is authenticated (the shell shows a role user the no-access page); the
 * shell invalidates Refine's auth state whenever the session's status changes. A 401 from any call is handled by
 * the session context (`onUnauthenticated`), so `onError` only passes the error on.
 */
export function authProviderWith(session: SessionView): AuthProvider {
  return {
    login: async ({ email, password }: Credentials) => {
      try {
        const answer = await post<{ mfa_required?: boolean; methods?: string[] }>(
          "auth/login", { email, password } satisfies Credentials);
        if (answer?.mfa_required) {
          // a second factor is due: the sign-in page asks for it (not a failure the page shows as one)
          return { success: false, error: { name: "Second factor", message: "", statusCode: 200, code: "mfa_required",
            methods: answer.methods ?? [] } as never };
        }
        await session.reload();
        return { success: true, redirectTo: "/" };
      } catch (e) {
        const failure = e as ApiError;
        return { success: false, error: { ...failure, name: "Sign-in failed", message: failure.message } };
      }
    },
    logout: async () => {
      const methods = await get<AuthMethods>("auth/methods").then((r) => r.data).catch(() => null);
      if (methods?.sso) {
        // SSO: a form POST navigation ends the session and goes on to the provider's sign-out (RP-initiated logout)
        const form = document.createElement("form");
        form.method = "POST";
        form.action = methods.sso.logout;
        document.body.appendChild(form);
        form.submit();
        return { success: true };
      }
      try {
        await post("auth/logout");
      } finally {
        await session.reload();
      }
      return { success: true, redirectTo: "/login" };
    },
    check: async () => (session.status() === "user" || session.status() === "operator" || session.status() === "enrol"
      ? { authenticated: true }
      : { authenticated: false, redirectTo: "/login" }),
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
