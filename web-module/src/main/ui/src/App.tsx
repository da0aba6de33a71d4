// The admin panel UI (docs/admin-api.md): a thin client over /admin-api, driven by the catalog.
// On Refine's seams: the authProvider and accessControlProvider of providers.ts, <Authenticated> around
// the public and the signed-in routes, and ThemedLayout as the shell (with the panel's own sider and header).
import { Suspense, lazy, useEffect, useMemo, useRef } from "react";
import { BrowserRouter, Navigate, Outlet, Route, Routes, useLocation, useSearchParams, Link } from "react-router";
import { Authenticated, Refine, useInvalidateAuthStore, useLogout, type ResourceProps } from "@refinedev/core";
import routerProvider from "@refinedev/react-router";
import { ThemedLayout, useNotificationProvider } from "@refinedev/antd";
import { App as AntdApp, Button, ConfigProvider, Layout, Menu, Result, Space, Spin, Typography, type ThemeConfig } from "antd";
import { ApiOutlined, DashboardOutlined, LogoutOutlined, SafetyOutlined, ThunderboltOutlined } from "@ant-design/icons";
import { dataProvider, routerBase } from "./api";
import { SessionProvider, useSession } from "./session";
import { accessControlFrom, authProviderWith } from "./providers";
import { liveProvider } from "./live";
import { ResourceIcon } from "./icons";
import { SignIn, Bootstrap, PasswordReset } from "./pages/auth";
import { ColorTag } from "./tags";
import { NotFound } from "./notFound";
import { StepUpHost } from "./step-up";

export { NotFound };

// Route-level code splitting: each page is its own chunk, loaded when first shown.
const Dashboard = lazy(() => import("./pages/dashboard").then((m) => ({ default: m.Dashboard })));
const ResourceList = lazy(() => import("./pages/list").then((m) => ({ default: m.ResourceList })));
const ResourceShow = lazy(() => import("./pages/show").then((m) => ({ default: m.ResourceShow })));
const ResourceForm = lazy(() => import("./pages/form").then((m) => ({ default: m.ResourceForm })));
const JobsPage = lazy(() => import("./pages/jobs").then((m) => ({ default: m.JobsPage })));
const RoomsPage = lazy(() => import("./pages/rooms").then((m) => ({ default: m.RoomsPage })));
const RoomPage = lazy(() => import("./pages/rooms").then((m) => ({ default: m.RoomPage })));
const TemplatesPage = lazy(() => import("./pages/room-operations").then((m) => ({ default: m.TemplatesPage })));
const WebhooksPage = lazy(() => import("./pages/webhooks").then((m) => ({ default: m.WebhooksPage })));
const WebhookPage = lazy(() => import("./pages/webhooks").then((m) => ({ default: m.WebhookPage })));
const SecurityPage = lazy(() => import("./pages/security").then((m) => ({ default: m.SecurityPage })));

/**
 * Ant Design's tokens with WCAG AA contrast (axe-core's color-contrast rule): the default blue
 * #1677ff on white is 4.1:1, the danger red #ff4d4f 3.3:1 and the secondary text (45% black) 3.3:1, all under 4.5:1;
 * blue-7, red-7 and 65% black pass.
 */
const THEME: ThemeConfig = {
  token: {
    colorPrimary: "#0958d9",
    colorLink: "#0958d9",
    colorError: "#cf1322",
    colorTextSecondary: "rgba(0, 0, 0, 0.65)",
    colorTextDescription: "rgba(0, 0, 0, 0.65)",
    colorTextTertiary: "rgba(0, 0, 0, 0.6)",
  },
};

export function App() {
  return (
    <BrowserRouter basename={routerBase}>
      <ConfigProvider theme={THEME}>
        <AntdApp>
          <SessionProvider>
            <RefineRoot />
          </SessionProvider>
        </AntdApp>
      </ConfigProvider>
    </BrowserRouter>
  );
}

const Loading = ({ top = "20vh" }: { top?: string }) => (
  <Spin size="large" style={{ display: "block", marginTop: top }} />
);

function RefineRoot() {
  const session = useSession();
  const current = useRef(session);
  current.current = session;
  const accessControlProvider = useMemo(() => accessControlFrom(() => current.current.catalog), []);
  const authProvider = useMemo(() => authProviderWith({
    status: () => current.current.status,
    reload: () => current.current.reload(),
  }), []);
  const resources: ResourceProps[] = (session.catalog?.resources ?? []).map((r) => ({
    name: r.key,
    list: `/${r.key}`,
    show: `/${r.key}/show/:id`,
    edit: `/${r.key}/edit/:id`,
    create: `/${r.key}/create`,
    meta: { label: r.label },
  }));
  if (session.status === "loading") return <Loading />;
  return (
    <Refine
      dataProvider={dataProvider}
      authProvider={authProvider}
      accessControlProvider={accessControlProvider}
      liveProvider={liveProvider}
      routerProvider={routerProvider}
      notificationProvider={useNotificationProvider}
      resources={resources}
      options={{ disableTelemetry: true, reactQuery: { clientConfig: { defaultOptions: { queries: { retry: false } } } } }}
    >
      <AuthSync status={session.status} />
      <StepUpHost />
      <Routes>
        <Route element={<Authenticated key="public" fallback={<Outlet />} loading={<Loading />}><BackToPanel /></Authenticated>}>
          <Route path="/login" element={<SignIn expired={session.expired} />} />
          <Route path="/bootstrap" element={<Bootstrap />} />
          <Route path="/password-reset" element={<PasswordReset />} />
        </Route>
        <Route element={<Authenticated key="panel" fallback={<ToLogin />} loading={<Loading />}><Panel /></Authenticated>}>
          <Route index element={<Dashboard />} />
          <Route path="/_jobs" element={<JobsPage />} />
          <Route path="/rooms" element={<RoomsPage />} />
          <Route path="/rooms/_templates" element={<TemplatesPage />} />
          <Route path="/rooms/:id" element={<RoomPage />} />
          <Route path="/rooms/show/:id" element={<RoomPage />} />
          <Route path="/webhooks" element={<WebhooksPage />} />
          <Route path="/webhooks/:id" element={<WebhookPage />} />
          <Route path="/security" element={<SecurityPage />} />
          <Route path="/:key" element={<ResourceList />} />
          <Route path="/:key/show/:id" element={<ResourceShow />} />
          <Route path="/:key/edit/:id" element={<ResourceForm mode="edit" />} />
          <Route path="/:key/create" element={<ResourceForm mode="create" />} />
          <Route path="*" element={<NotFound />} />
        </Route>
      </Routes>
    </Refine>
  );
}

/** Re-runs Refine's auth check (<Authenticated>) whenever the session's status changes (sign-in, sign-out, 401). */
function AuthSync({ status }: { status: string }) {
  const invalidate = useInvalidateAuthStore();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    invalidate();
  }, [status, invalidate]);
  return null;
}

/** A panel path ("/users?…") from `?to=`; anything else (another origin, "//host") is the dashboard. */
const safePath = (to: string | null): string => (to && to.startsWith("/") && !to.startsWith("//") ? to : "/");

/** Signed in on a public page (sign-in, first run, reset): on to the page asked for before sign-in. */
function BackToPanel() {
  const [params] = useSearchParams();
  return <Navigate to={safePath(params.get("to"))} replace />;
}

/** Not signed in on a panel page: to sign-in, remembering the page (`?to=`) and passing an SSO refusal on. */
function ToLogin() {
  const location = useLocation();
  const next = new URLSearchParams();
  const ssoError = new URLSearchParams(location.search).get("sso_error");
  const from = location.pathname + location.search;
  if (ssoError) next.set("sso_error", ssoError);
  else if (from !== "/") next.set("to", from);
  const search = next.toString();
  return <Navigate to={{ pathname: "/login", search: search ? `?${search}` : "" }} replace />;
}

/** The signed-in shell: Refine's ThemedLayout with the catalog's sider; a role user sees the no-access page. */
function Panel() {
  const session = useSession();
  if (session.status === "user") return <NoAccess />;
  if (session.status === "enrol") return <EnrolFirst />;
  if (session.status !== "operator") return <Loading />;
  return (
    <ThemedLayout Sider={PanelSider} Header={PanelHeader}>
      <Suspense fallback={<Loading top="10vh" />}>
        <Outlet />
      </Suspense>
    </ThemedLayout>
  );
}

/**
 * What an operator whose role must hold a second factor sees until they enrol one (every other route answers 403
 * mfa_enrollment_required): the Security page alone, with sign-out; confirming the app reloads the session.
 */
function EnrolFirst() {
  const session = useSession();
  const { mutate: logout } = useLogout();
  return (
    <Layout style={{ minHeight: "100vh" }}>
      <Layout.Header style={{ background: "#fff", display: "flex", justifyContent: "space-between", paddingInline: 24 }}>
        <Typography.Text strong>Warden</Typography.Text>
        <Space>
          <Typography.Text id="operator-email">{String(session.me?.user?.email ?? "")}</Typography.Text>
          <Button id="sign-out" icon={<LogoutOutlined />} onClick={() => logout()}>Sign out</Button>
        </Space>
      </Layout.Header>
      <Layout.Content style={{ padding: 24 }}>
        <main>
          <Suspense fallback={<Loading top="10vh" />}>
            <SecurityPage required />
          </Suspense>
          <Button type="primary" id="mfa-continue" style={{ marginTop: 16 }} onClick={() => session.reload()}>
            Continue to the panel
          </Button>
        </main>
      </Layout.Content>
    </Layout>
  );
}

/** What a signed-in role user sees (the server answers 403 for /admin on a reload, with the same message). */
function NoAccess() {
  const { mutate: logout } = useLogout();
  return (
    <div id="no-access"><Result
      status="403"
      title="No access"
      subTitle="You are signed in, but your account has no panel role. The admin panel is for admins and moderators."
      extra={<Button type="primary" onClick={() => logout()}>Sign out</Button>}
    /></div>
  );
}

/**
 * The sider: the dashboard and the catalog's resources in catalog order, with their icons. Custom rather than
 * Refine's ThemedSider, which builds its menu from the resources without the ids and data attributes the panel's
 * links carry (`#sidebar`, `data-resource`). ThemedLayout calls it once as a plain function, so it keeps to hooks.
 */
function PanelSider() {
  const session = useSession();
  const location = useLocation();
  const current = location.pathname.split("/")[1] || "dashboard";
  const items = [
    { key: "dashboard", icon: <DashboardOutlined />, label: <Link to="/">Dashboard</Link> },
    { key: "_jobs", icon: <ThunderboltOutlined />, label: <Link to="/_jobs" id="nav-jobs">Jobs</Link> },
    ...(session.catalog?.resources ?? []).map((r) => ({
      key: r.key,
      icon: <ResourceIcon name={r.icon} />,
      label: <Link to={`/${r.key}`} data-resource={r.key}>{r.label}</Link>,
    })),
    // admins only: the server answers 403 to everyone else
    ...(session.me?.role === "admin"
      ? [{ key: "webhooks", icon: <ApiOutlined />, label: <Link to="/webhooks" id="nav-webhooks">Webhooks</Link> }]
      : []),
  ];
  return (
    <Layout.Sider width={230} theme="light" breakpoint="lg" collapsedWidth={0}>
      <div style={{ padding: "16px 24px", fontWeight: 600, fontSize: 18 }}>
        <Link to="/">Warden</Link>
      </div>
      <Menu id="sidebar" mode="inline" selectedKeys={[current]} items={items} />
    </Layout.Sider>
  );
}

/** The header: who is signed in, their role and scopes, and sign-out (Refine's useLogout: the authProvider). */
function PanelHeader() {
  const session = useSession();
  const { mutate: logout } = useLogout();
  const me = session.me;
  return (
    <Layout.Header style={{ background: "#fff", display: "flex", justifyContent: "flex-end", paddingInline: 24 }}>
      <Space>
        <Typography.Text id="operator-email">{String(me.user?.email ?? "")}</Typography.Text>
        <ColorTag color={me.role === "admin" ? "red" : "blue"}>{me.role}</ColorTag>
        {me.role === "mod" && me.scopes?.length > 0 && (
          <Typography.Text type="secondary">scope: {me.scopes.join(", ")}</Typography.Text>
        )}
        <Link to="/security" id="security-link"><SafetyOutlined /> Security</Link>
        <Button id="sign-out" icon={<LogoutOutlined />} onClick={() => logout()}>Sign out</Button>
      </Space>
    </Layout.Header>
  );
}
