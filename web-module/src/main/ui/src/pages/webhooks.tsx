// Webhooks (docs/webhooks.md): the subscriptions (create with an event picker, the secret shown once, enable or
// disable, send a test event, delete) and one subscription's deliveries with their status, attempts and a retry.
// Everything goes through /admin-api/_webhooks; the server checks that the caller is an admin and audits.
import { useState } from "react";
import { useCustom } from "@refinedev/core";
import { Link, useParams } from "react-router";
import { Alert, App, Button, Card, Form, Input, Modal, Result, Select, Space, Switch, Table, Tag, Typography } from "antd";
import { PlusOutlined, ReloadOutlined, SendOutlined } from "@ant-design/icons";
import { apiUrl, http, post, type ApiError } from "../api";
import { useSession } from "../session";
import type { components } from "../generated/admin-api";

type Webhook = components["schemas"]["Webhook"];
type WebhookWithSecret = components["schemas"]["WebhookWithSecret"];
type Delivery = components["schemas"]["WebhookDelivery"];

/** How often the deliveries refresh (ms). */
const REFRESH_MS = 2000;

/** Audit actions a subscription may pick besides the row events (docs/admin-api.md, "Events"). */
const AUDIT_ACTIONS = [
  "user.ban", "user.unban", "user.revoke_sessions", "auth.login", "auth.login_failed", "auth.logout",
  "room.*", "view.save", "view.delete", "export", "custom", "webhook.*",
];

const when = (v?: string | null) => (v ? new Date(v).toLocaleString() : "");

function useApi<T extends object>(path: string, poll = false) {
  const { query } = useCustom<T, ApiError>({
    url: `${apiUrl}/${path}`, method: "get", errorNotification: false,
    queryOptions: { refetchInterval: poll ? REFRESH_MS : false, placeholderData: (previous) => previous },
  });
  return query;
}

/** GET /admin-api/_webhooks, with creation, enabling and disabling, test events and deletion. */
export function WebhooksPage() {
  const session = useSession();
  const { modal, message } = App.useApp();
  const { data, error, refetch } = useApi<Webhook[]>("_webhooks");
  const [creating, setCreating] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const rows = (data?.data ?? []) as Webhook[];
  const failed = (e: ApiError) => { message.error({ content: e.message, className: "webhook-action-error" }); };
  if (session.me?.role !== "admin" || error?.statusCode === 403) {
    return <Result status="403" title="No access" subTitle="Only admins manage webhooks." />;
  }
  const patch = (w: Webhook, body: object) =>
    http.patch(`${apiUrl}/_webhooks/${encodeURIComponent(w.id)}`, body).then(() => refetch(), failed);
  const test = (w: Webhook) => post<{ delivery_id: string }>(`_webhooks/${encodeURIComponent(w.id)}/test`)
    .then(() => message.success({ content: "Test event queued", className: "webhook-action-done" }), failed);
  const remove = (w: Webhook) => modal.confirm({
    title: `Delete the webhook to ${w.url}?`, content: "Its delivery log goes with it.", okText: "Delete",
    okButtonProps: { danger: true },
    onOk: () => http.delete(`${apiUrl}/_webhooks/${encodeURIComponent(w.id)}`).then(() => refetch(), failed),
  });
  return (
    <Card title={<span id="page-title">Webhooks</span>}
          extra={<Space>
            <Button id="webhooks-refresh" icon={<ReloadOutlined />} onClick={() => refetch()}>Refresh</Button>
            <Button id="webhook-new" type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>New webhook</Button>
          </Space>}>
      {error && <Typography.Text type="danger">{error.message}</Typography.Text>}
      {secret && (
        <Alert id="webhook-secret" type="warning" showIcon closable onClose={() => setSecret(null)} style={{ marginBottom: 16 }}
               message="The signing secret, shown this once: copy it into the receiver now."
               description={<Typography.Text id="webhook-secret-value" code copyable>{secret}</Typography.Text>} />
      )}
      <Table<Webhook> id="webhooks-table" rowKey="id" size="small" dataSource={rows} pagination={false}
                      scroll={{ x: "max-content" }}
                      columns={[
                        { key: "url", title: "URL", dataIndex: "url",
                          render: (url: string, w) => <Link to={`/webhooks/${encodeURIComponent(w.id)}`} data-webhook={w.id}>{url}</Link> },
                        { key: "events", title: "Events", dataIndex: "events",
                          render: (events: string[]) => events.map((e) => <Tag key={e}>{e}</Tag>) },
                        { key: "description", title: "Description", dataIndex: "description" },
                        { key: "enabled", title: "Enabled",
                          render: (_, w) => <Space>
                            <Switch aria-label={`Enabled: ${w.url}`} className="webhook-enabled" checked={w.enabled}
                                    onChange={(on) => patch(w, { enabled: on })} />
                            {w.disabled_reason && <Typography.Text type="secondary">{w.disabled_reason}</Typography.Text>}
                          </Space> },
                        { key: "actions", title: "Actions",
                          render: (_, w) => <Space>
                            <Button size="small" className="webhook-test" icon={<SendOutlined />} onClick={() => test(w)}>Send test event</Button>
                            <Button size="small" danger onClick={() => remove(w)}>Delete</Button>
                          </Space> },
                      ]} />
      <CreateWebhook open={creating} onClose={() => setCreating(false)}
                     onCreated={(w) => { setCreating(false); setSecret(w.secret); refetch(); }} />
    </Card>
  );
}

/** The creation dialog: URL, events (the catalog's row events and the audit actions, or typed ones), description. */
function CreateWebhook({ open, onClose, onCreated }: {
  open: boolean; onClose: () => void; onCreated: (w: WebhookWithSecret) => void;
}) {
  const session = useSession();
  const [form] = Form.useForm();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const rowEvents = (session.catalog?.resources ?? []).flatMap((r) =>
    [`${r.key}.*`, `${r.key}.created`, `${r.key}.updated`, `${r.key}.deleted`]);
  const options = ["*", ...rowEvents, ...AUDIT_ACTIONS].map((e) => ({ value: e, label: e }));
  const submit = (values: { url: string; events: string[]; description?: string }) => {
    setBusy(true);
    setProblem(null);
    post<WebhookWithSecret>("_webhooks", values)
      .then((w) => { form.resetFields(); onCreated(w); },
        (e: ApiError) => {
          setProblem(e.message);
          const fields = e.errors as Record<string, string[]> | undefined;
          if (fields) form.setFields(Object.entries(fields).map(([name, errors]) => ({ name, errors })));
        })
      .finally(() => setBusy(false));
  };
  return (
    <Modal open={open} title="New webhook" onCancel={onClose} okText="Create" confirmLoading={busy}
           okButtonProps={{ id: "webhook-create" }} onOk={() => form.submit()} destroyOnClose>
      <Form form={form} layout="vertical" onFinish={submit} id="webhook-form">
        <Form.Item name="url" label="URL" rules={[{ required: true, message: "The receiver's URL" }]}>
          <Input id="webhook-url" placeholder="https://hooks.example.com/warden" maxLength={2048} />
        </Form.Item>
        <Form.Item name="events" label="Events" rules={[{ required: true, message: "At least one event" }]}
                   extra="A * segment matches any one segment (room.*); * alone matches every event.">
          <Select id="webhook-events" mode="tags" options={options} aria-label="Events" tokenSeparators={[",", " "]} />
        </Form.Item>
        <Form.Item name="description" label="Description">
          <Input id="webhook-description" maxLength={500} />
        </Form.Item>
        {problem && <Typography.Text type="danger" id="webhook-problem">{problem}</Typography.Text>}
      </Form>
    </Modal>
  );
}

/** GET /admin-api/_webhooks/:id/deliveries, refreshed; a retry per delivery. */
export function WebhookPage() {
  const { id = "" } = useParams();
  const { message } = App.useApp();
  const hook = useApi<Webhook>(`_webhooks/${encodeURIComponent(id)}`);
  const deliveries = useApi<Delivery[]>(`_webhooks/${encodeURIComponent(id)}/deliveries`, true);
  const w = hook.data?.data as Webhook | undefined;
  const rows = (deliveries.data?.data ?? []) as Delivery[];
  if (hook.error) return <Result status={hook.error.statusCode === 404 ? "404" : "error"} title={hook.error.message} />;
  const retry = (d: Delivery) => post(`_webhooks/${encodeURIComponent(id)}/deliveries/${encodeURIComponent(d.id)}/retry`)
    .then(() => { message.success({ content: "Retry queued", className: "webhook-action-done" }); deliveries.refetch(); },
      (e: ApiError) => message.error({ content: e.message, className: "webhook-action-error" }));
  return (
    <Card title={<span id="page-title">Webhook {w?.url ?? id}</span>}
          extra={<Link to="/webhooks">All webhooks</Link>}>
      <Table<Delivery> id="deliveries-table" rowKey="id" size="small" dataSource={rows}
                       pagination={{ pageSize: 50, hideOnSinglePage: true }} scroll={{ x: "max-content" }}
                       columns={[
                         { key: "event", title: "Event", dataIndex: "event" },
                         { key: "status", title: "Status", dataIndex: "status",
                           render: (s: string) => <Tag className="delivery-status" data-status={s}
                                                       color={s === "delivered" ? "green" : s === "failed" ? "red" : "blue"}>{s}</Tag> },
                         { key: "attempts", title: "Attempts", dataIndex: "attempts" },
                         { key: "code", title: "Last status", dataIndex: "last_status_code",
                           render: (c: number | null, d) => (c ?? d.last_error ?? "") },
                         { key: "duration", title: "Duration (ms)", dataIndex: "last_duration_ms" },
                         { key: "next", title: "Next attempt", dataIndex: "next_attempt_at", render: when },
                         { key: "created", title: "Created", dataIndex: "created_at", render: when },
                         { key: "retry", title: "Retry",
                           render: (_, d) => <Button size="small" className="delivery-retry" onClick={() => retry(d)}>Retry</Button> },
                       ]} />
    </Card>
  );
}
