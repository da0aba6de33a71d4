// Operating live rooms beside the Rooms pages (docs/admin-api.md, "Live rooms"): the message form of a room's page
// with the saved templates of its room type (picking one fills type and data), the admins' page that keeps those
// templates (docs/admin-api.md, "Message templates"), and the nodes with their rooms' figures summed
// (GET /admin-api/rooms/_nodes; docs/operations.md, "Room figures").
import { useState } from "react";
import { useCustom } from "@refinedev/core";
import { Link } from "react-router";
import { App, Button, Card, Form, Input, Modal, Result, Select, Space, Table, Typography } from "antd";
import { DeleteOutlined, EditOutlined, PlusOutlined, ReloadOutlined, SendOutlined } from "@ant-design/icons";
import { apiUrl, http, post, type ApiError } from "../api";
import type { components } from "../generated/admin-api";

type Room = components["schemas"]["Room"];
type RoomClient = NonNullable<Room["clients"]>[number];
type RoomNode = components["schemas"]["RoomNode"];
type RoomFigures = components["schemas"]["RoomFigures"];
type RoomTemplate = components["schemas"]["RoomTemplate"];

const TEMPLATES = `${apiUrl}/rooms/_templates`;
const show = (v: unknown) => (v === undefined ? "" : JSON.stringify(v));

/**
 * A message to one client, the whole room or every room of the type: type and JSON data, sent after a confirmation.
 * The templates of the room type (GET /admin-api/rooms/_templates?room_type=) fill type and data when picked.
 */
export function MessageCard({ clients, roomType, onSend }: { clients: RoomClient[]; roomType: string;
  onSend: (target: string, type: string, data: string) => void }) {
  const [target, setTarget] = useState("");
  const [msgType, setMsgType] = useState("");
  const [data, setData] = useState("");
  const [picked, setPicked] = useState<string | undefined>(undefined);
  const { query: { data: answer } } = useCustom<RoomTemplate[]>({ url: TEMPLATES, method: "get",
    config: { query: { room_type: roomType } }, errorNotification: false, queryOptions: { enabled: !!roomType } });
  const templates = answer?.data ?? [];
  const pick = (id: string) => {
    setPicked(id);
    const t = templates.find((x) => x.id === id);
    if (t) {
      setMsgType(t.type);
      setData(t.data === null || t.data === undefined ? "" : JSON.stringify(t.data));
    }
  };
  return (
    <Card title="Message players" size="small">
      <Space direction="vertical" style={{ width: "100%" }}>
        <Space wrap>
          <Select id="message-target" aria-label="Send to" style={{ width: 260 }} value={target} onChange={setTarget}
                  options={[{ value: "", label: "Every client of this room" },
                    { value: "*type", label: `Every ${roomType} room on every node` },
                    ...clients.map((c) => ({ value: String(c.client_id), label: `Client ${c.client_id}` }))]} />
          <Select id="message-template" aria-label="Template" style={{ width: 220 }} value={picked} onChange={pick}
                  placeholder={templates.length ? "Fill from a template" : "No templates"} disabled={!templates.length}
                  options={templates.map((t) => ({ value: t.id, label: t.name }))} />
          <Input id="message-type" aria-label="Message type" placeholder="type, e.g. notice" style={{ width: 200 }}
                 value={msgType} onChange={(e) => setMsgType(e.target.value)} />
        </Space>
        <Input.TextArea id="message-data" aria-label="Message data (JSON)" rows={2} placeholder='data as JSON, e.g. "Server restarts in 5 minutes"'
                        value={data} onChange={(e) => setData(e.target.value)} />
        <Button id="message-send" icon={<SendOutlined />} disabled={!msgType.trim()}
                onClick={() => onSend(target, msgType.trim(), data)}>Send</Button>
      </Space>
    </Card>
  );
}

/** The nodes' columns: the same figures as the room list's, summed per node (the worst percentiles and lag). */
const NODE_FIGURES: [keyof RoomFigures, string][] = [
  ["messages_in_per_s", "Msgs in/s"], ["messages_out_per_s", "Msgs out/s"], ["bytes_out_per_s", "Bytes out/s"],
  ["patches_per_s", "Patches/s"], ["patch_ms_p50", "Patch p50 ms"], ["patch_ms_p99", "Patch p99 ms"], ["lag_ms", "Behind ms"],
];

/** GET /admin-api/rooms/_nodes, refreshed with the list: rooms, clients and the figures of each node. */
export function NodesCard({ refreshMs }: { refreshMs: number }) {
  const { query: { data, error, refetch } } = useCustom<RoomNode[]>({ url: `${apiUrl}/rooms/_nodes`, method: "get",
    errorNotification: false, queryOptions: { refetchInterval: refreshMs } });
  const nodes = data?.data ?? [];
  return (
    <Card title="Nodes" size="small" style={{ marginBottom: 16 }}
          extra={<Button icon={<ReloadOutlined />} aria-label="Reload the nodes" onClick={() => refetch()} />}>
      {error && <Typography.Text type="danger">{(error as ApiError).message}</Typography.Text>}
      <Table<RoomNode> id="nodes-table" rowKey={(n) => String(n.node)} size="small" pagination={false}
                       dataSource={nodes} scroll={{ x: "max-content" }}
                       columns={[
                         { key: "node", title: "Node", dataIndex: "node" },
                         { key: "rooms", title: "Rooms", dataIndex: "rooms", align: "right",
                           render: (v: number) => <span className="node-rooms">{v}</span> },
                         { key: "clients", title: "Clients", dataIndex: "clients", align: "right",
                           render: (v: number) => <span className="node-clients">{v}</span> },
                         ...NODE_FIGURES.map(([name, title]) => ({
                           key: name, title, align: "right" as const,
                           render: (_: unknown, n: RoomNode) => {
                             const v = n.figures?.[name];
                             return <span className={`node-figure-${name}`}>{typeof v === "number" ? v.toLocaleString() : ""}</span>;
                           } })),
                         { key: "cpu", title: "CPU %", dataIndex: "cpu_percent", align: "right" },
                         { key: "heap", title: "Heap MB", dataIndex: "heap_used_mb", align: "right" },
                         { key: "heartbeat", title: "Heartbeat", dataIndex: "heartbeat",
                           render: (v?: string) => (v ? new Date(v).toLocaleTimeString() : "") },
                       ]} />
    </Card>
  );
}

/** The admins' page of message templates: list, create, change, delete (each audited by the server). */
export function TemplatesPage() {
  const { modal, message } = App.useApp();
  const { query: { data, error, refetch } } = useCustom<RoomTemplate[]>({ url: TEMPLATES, method: "get",
    errorNotification: false });
  const [editing, setEditing] = useState<RoomTemplate | "new" | null>(null);
  if ((error as ApiError | null)?.statusCode === 403) {
    return <Result status="403" title="No access" subTitle={(error as ApiError).message} />;
  }
  const failed = (e: ApiError) => { message.error({ content: e.message, className: "template-action-error" }); };
  const remove = (t: RoomTemplate) => modal.confirm({
    title: `Delete the template "${t.name}" of ${t.room_type}?`,
    content: "Operators no longer see it on the message form; the deletion is audited.",
    okText: "Delete", okButtonProps: { danger: true, id: "confirm-ok" },
    onOk: () => http.delete(`${TEMPLATES}/${encodeURIComponent(t.id)}`).then(() => {
      message.success({ content: `Deleted ${t.name}`, className: "template-action-done" });
      refetch();
    }, failed),
  });
  return (
    <Card title={<span id="page-title">Message templates</span>}
          extra={<Space>
            <Link to="/rooms">Rooms</Link>
            <Button id="template-new" type="primary" icon={<PlusOutlined />} onClick={() => setEditing("new")}>New template</Button>
          </Space>}>
      <Typography.Paragraph type="secondary">
        Saved messages per room type: operators pick one on a room's message form to fill its type and data. At most 20
        per room type; data at most 4,096 bytes of JSON.
      </Typography.Paragraph>
      <Table<RoomTemplate> id="templates-table" rowKey={(t) => t.id} size="small" pagination={false}
                           dataSource={data?.data ?? []} scroll={{ x: "max-content" }}
                           columns={[
                             { key: "room_type", title: "Room type", dataIndex: "room_type" },
                             { key: "name", title: "Name", dataIndex: "name" },
                             { key: "type", title: "Message type", dataIndex: "type" },
                             { key: "data", title: "Data", render: (_, t) => <Typography.Text code>{show(t.data)}</Typography.Text> },
                             { key: "actions", title: "", render: (_, t) => (
                               <Space size={0}>
                                 <Button type="link" size="small" icon={<EditOutlined />} className="template-edit"
                                         aria-label={`Edit ${t.name}`} onClick={() => setEditing(t)} />
                                 <Button type="link" size="small" danger icon={<DeleteOutlined />} className="template-delete"
                                         aria-label={`Delete ${t.name}`} onClick={() => remove(t)} />
                               </Space>) },
                           ]} />
      {editing && <TemplateDialog template={editing === "new" ? null : editing} onClose={() => setEditing(null)}
                                  onSaved={() => { setEditing(null); refetch(); }} />}
    </Card>
  );
}

/** Creates a template (room type, name, message type, data) or changes one (the room type stays). */
function TemplateDialog({ template, onClose, onSaved }: {
  template: RoomTemplate | null; onClose: () => void; onSaved: () => void;
}) {
  const [form] = Form.useForm();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (values: { room_type?: string; name: string; type: string; data?: string }) => {
    let data: unknown = null;
    try {
      data = values.data?.trim() ? JSON.parse(values.data) : null;
    } catch {
      form.setFields([{ name: "data", errors: ["Not JSON (a string goes in quotes)"] }]);
      return;
    }
    setBusy(true);
    setProblem(null);
    const body = { name: values.name, type: values.type, data };
    (template
      ? http.patch(`${TEMPLATES}/${encodeURIComponent(template.id)}`, body)
      : post("rooms/_templates", { ...body, room_type: values.room_type }))
      .then(onSaved, (e: ApiError) => {
        setProblem(e.message);
        const fields = e.errors as Record<string, string[]> | undefined;
        if (fields) form.setFields(Object.entries(fields).map(([name, errors]) => ({ name, errors })));
      })
      .finally(() => setBusy(false));
  };
  return (
    <Modal open title={template ? `Change ${template.name}` : "New message template"} onCancel={onClose}
           okText="Save" confirmLoading={busy} okButtonProps={{ id: "template-save" }} onOk={() => form.submit()} destroyOnClose>
      <Form form={form} layout="vertical" onFinish={submit} id="template-form"
            initialValues={template ? { room_type: template.room_type, name: template.name, type: template.type,
              data: template.data === null ? "" : JSON.stringify(template.data) } : {}}>
        <Form.Item name="room_type" label="Room type" rules={[{ required: true, message: "The room type" }]}>
          <Input id="template-room-type" maxLength={64} disabled={!!template} placeholder="lobby" />
        </Form.Item>
        <Form.Item name="name" label="Name" rules={[{ required: true, message: "A name" }]}>
          <Input id="template-name" maxLength={64} />
        </Form.Item>
        <Form.Item name="type" label="Message type" rules={[{ required: true, message: "The message type" }]}>
          <Input id="template-type" maxLength={64} placeholder="notice" />
        </Form.Item>
        <Form.Item name="data" label="Data (JSON)">
          <Input.TextArea id="template-data" rows={3} placeholder='"Server restarts in 5 minutes"' />
        </Form.Item>
        {problem && <Typography.Text type="danger" id="template-problem">{problem}</Typography.Text>}
      </Form>
    </Modal>
  );
}
