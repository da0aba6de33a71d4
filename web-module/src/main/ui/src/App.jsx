// The admin panel UI (spec/admin-panel.md; issue 6): a thin client over /admin-api, driven by the catalog.
import React, { Suspense, lazy, useMemo, useRef } from "react";
import { BrowserRouter, Navigate, Route, Routes, useLocation, useNavigate, Link } from "react-router";
import { Refine } from "@refinedev/core";
import routerProvider from "@refinedev/react-router";
import { useNotificationProvider } from "@refinedev/antd";
import { App as AntdApp, Button, ConfigProvider, Layout, Menu, Result, Space, Spin, Tag, Typography } from "antd";
import { DashboardOutlined, LogoutOutlined } from "@ant-design/icons";
import { dataProvider, post, routerBase } from "./api";
import { SessionProvider, useSession } from "./session";
import { accessControlFrom, authProviderWith } from "./providers";
import { ResourceIcon } from "./icons.jsx";
import { SignIn, Bootstrap, PasswordReset, signInMethods } from "./pages/auth.jsx";
import { ColorTag } from "./tags";
import { liveProvider } from "./live";

// Route-level code splitting (issue 20): each page is its own chunk, loaded when first shown.
const Dashboard = lazy(() => import("./pages/dashboard.jsx").then((m) => ({ default: m.Dashboard })));
const ResourceList = lazy(() => import("./pages/list.jsx").then((m) => ({ default: m.ResourceList })));
const ResourceShow = lazy(() => import("./pages/show.jsx").then((m) => ({ default: m.ResourceShow })));
const ResourceForm = lazy(() => import("./pages/form.jsx").then((m) => ({ default: m.ResourceForm })));

/**
 * Ant Design's tokens with WCAG AA contrast (issue 20, point 7; axe-core's color-contrast rule): the default blue
 * #1677ff on white is 4.1:1, the danger red #ff4d4f 3.3:1 and the secondary text (45% black) 3.3:1, all under 4.5:1;
 * blue-7, red-7 and 65% black pass.
 */
const THEME = {
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

function RefineRoot() {
  const session = useSession();
  const catalog = useRef(session.catalog);
  catalog.current = session.catalog;
  const accessControlProvider = useMemo(() => accessControlFrom(() => catalog.current), []);
  const authProvider = useMemo(() => authProviderWith(session.reload), [session.reload]);
  const resources = (session.catalog?.resources ?? []).map((r) => ({
    name: r.key,
    list: `/${r.key}`,
    show: `/${r.key}/show/:id`,
    edit: `/${r.key}/edit/:id`,
    create: `/${r.key}/create`,
    meta: { label: r.label },
  }));
  return (
    <Refine
      dataProvider={dataProvider}
      liveProvider={liveProvider}
      authProvider={authProvider}
      accessControlProvider={accessControlProvider}
      routerProvider={routerProvider}
      notificationProvider={useNotificationProvider}
      resources={resources}
      options={{ disableTelemetry: true, reactQuery: { clientConfig: { defaultOptions: { queries: { retry: false } } } } }}
    >
      <Gate />
    </Refine>
  );
}

const PUBLIC = ["/login", "/bootstrap", "/password-reset"];

function Gate() {
  const session = useSession();
  const location = useLocation();
  if (session.status === "loading") {
    return <Spin size="large" style={{ display: "block", marginTop: "20vh" }} />;
  }
  if (session.status === "user") {
    return <NoAccess />;
  }
  if (session.status === "anonymous") {
    return (
      <Routes>
        <Route path="/login" element={<SignIn expired={session.expired} />} />
        <Route path="/bootstrap" element={<Bootstrap />} />
        <Route path="/password-reset" element={<PasswordReset />} />
        <Route path="*" element={<Navigate to="/login" replace state={{ from: location.pathname + location.search }} />} />
      </Routes>
    );
  }
  if (PUBLIC.includes(location.pathname)) {
    return <Navigate to={location.state?.from || "/"} replace />;
  }
  return (
    <Shell>
      <Suspense fallback={<Spin size="large" style={{ display: "block", marginTop: "10vh" }} />}>
      <Routes>
        <Route path="/" element={<Dashboard />} />
        <Route path="/:key" element={<ResourceList />} />
        <Route path="/:key/show/:id" element={<ResourceShow />} />
        <Route path="/:key/edit/:id" element={<ResourceForm mode="edit" />} />
        <Route path="/:key/create" element={<ResourceForm mode="create" />} />
        <Route path="*" element={<NotFound />} />
      </Routes>
      </Suspense>
    </Shell>
  );
}

/** What a signed-in role user sees (the server answers 403 for /admin on a reload, with the same message). */
function NoAccess() {
  const session = useSession();
  return (
    <div id="no-access"><Result
      status="403"
      title="No access"
      subTitle="You are signed in, but your account has no panel role. The admin panel is for admins and moderators."
      extra={<Button type="primary" onClick={() => post("auth/logout").finally(() => session.reload())}>Sign out</Button>}
    /></div>
  );
}

export function NotFound({ what = "This page" }) {
  return <Result status="404" title="Not found" subTitle={`${what} does not exist or you may not see it.`}
                 extra={<Link to="/">Back to the dashboard</Link>} />;
}

function Shell({ children }) {
  const session = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const current = location.pathname.split("/")[1] || "dashboard";
  const items = [
    { key: "dashboard", icon: <DashboardOutlined />, label: <Link to="/">Dashboard</Link> },
    ...session.catalog.resources.map((r) => ({
      key: r.key,
      icon: <ResourceIcon name={r.icon} />,
      label: <Link to={`/${r.key}`} data-resource={r.key}>{r.label}</Link>,
    })),
  ];
  const signOut = async () => {
    const methods = await signInMethods();
    if (methods.sso) {
      // SSO: a form POST navigation ends the session and goes on to the provider's sign-out (RP-initiated logout)
      const form = document.createElement("form");
      form.method = "POST";
      form.action = methods.sso.logout;
      document.body.appendChild(form);
      form.submit();
      return;
    }
    try {
      await post("auth/logout");
    } finally {
      await session.reload();
      navigate("/login");
    }
  };
  const me = session.me;
  return (
    <Layout style={{ minHeight: "100vh" }}>
      <Layout.Sider width={230} theme="light" breakpoint="lg" collapsedWidth={0}>
        <div style={{ padding: "16px 24px", fontWeight: 600, fontSize: 18 }}>
          <Link to="/">Warden</Link>
        </div>
        <Menu id="sidebar" mode="inline" selectedKeys={[current]} items={items} />
      </Layout.Sider>
      <Layout>
        <Layout.Header style={{ background: "#fff", display: "flex", justifyContent: "flex-end", paddingInline: 24 }}>
          <Space>
            <Typography.Text id="operator-email">{me.user?.email}</Typography.Text>
            <ColorTag color={me.role === "admin" ? "red" : "blue"}>{me.role}</ColorTag>
            {me.role === "mod" && me.scopes?.length > 0 && (
              <Typography.Text type="secondary">scope: {me.scopes.join(", ")}</Typography.Text>
            )}
            <Button id="sign-out" icon={<LogoutOutlined />} onClick={signOut}>Sign out</Button>
          </Space>
        </Layout.Header>
        <Layout.Content style={{ margin: 24 }}>{children}</Layout.Content>
      </Layout>
    </Layout>
  );
}
