// Live rooms (docs/game-api.md): the Rooms page (every room of the cluster, refreshed every
// few seconds, filtered by type and locked) and a room's page (its clients with links to their users, the state as
// a JSON tree whose values can be edited or deleted by path, kick per client, lock/unlock and dispose, each behind
// a confirmation). Everything goes through /admin-api/rooms; the server checks the rooms permissions and audits.
// Operating a live game (docs/operations.md, "Room figures"): the list's load columns sort on the server
// (_sort=figures.<name>), a player search (?player=) and a metadata filter; the room page charts the last 15
// minutes, sends messages (one client, the room, every room of the type), shows the room log on demand (reading it
// is audited) and lists the operators' state edits with a revert each. The message form with its templates, the
// templates' admin page and the nodes card are in room-operations.tsx.
import { useEffect, useState, type ReactNode } from "react";
import { useCustom, useList, useOne, type CrudFilter, type CrudSort } from "@refinedev/core";
import { Link, useNavigate, useParams, useSearchParams } from "react-router";
import { App, Button, Card, Descriptions, Empty, Input, Result, Select, Space, Table, Tag, Tree, Typography } from "antd";
import type { TableColumnType, TreeDataNode } from "antd";
import { DeleteOutlined, EditOutlined, LockOutlined, PlusOutlined, ReloadOutlined, UndoOutlined, UnlockOutlined } from "@ant-design/icons";
import { Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { apiUrl, http, post, type ApiError } from "../api";
import type { components } from "../generated/admin-api";
import { useSession } from "../session";
import { MessageCard, NodesCard } from "./room-operations";

type RoomRow = components["schemas"]["RoomRow"];
type Room = components["schemas"]["Room"];
type RoomClient = NonNullable<Room["clients"]>[number];
type RoomFigures = components["schemas"]["RoomFigures"];
type RoomEdit = components["schemas"]["RoomEdit"];
type LogEntry = { at: string; kind: string; client_id?: string; type?: string; data?: unknown };

/** The figures the list shows as sortable columns: name, title, digits. */
const FIGURE_COLUMNS: [keyof RoomFigures, string][] = [
  ["messages_in_per_s", "Msgs in/s"], ["messages_out_per_s", "Msgs out/s"], ["bytes_out_per_s", "Bytes out/s"],
  ["patches_per_s", "Patches/s"], ["state_bytes", "State bytes"], ["patch_ms_p99", "Patch p99 ms"], ["lag_ms", "Lag ms"],
];
const figure = (f: RoomFigures | null | undefined, name: keyof RoomFigures) => {
  const v = f?.[name];
  return typeof v === "number" ? v.toLocaleString() : "";
};
type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** How often the list and a room refresh (ms). */
export const REFRESH_MS = 3000;

const roomPath = (id: string) => `rooms/${encodeURIComponent(id)}`;
const when = (v?: string | null) => (v ? new Date(v).toLocaleString() : "");

/**
 * Refine's query options of the polled pages: refetch every REFRESH_MS while the page is shown; a failed refetch
 * keeps the last data and sets the error (react-query), a later success clears it.
 */
const POLLING = { refetchInterval: REFRESH_MS } as const;

/** GET /admin-api/rooms with the filters; the page lists up to 1,000 rooms (the API's list convention). */
export function RoomsPage() {
  const admin = useSession().me?.role === "admin";
  const [search, setSearch] = useSearchParams();
  const [type, setType] = useState<string>("");
  const [locked, setLocked] = useState<string>("");
  const [types, setTypes] = useState<string[]>([]);
  const player = search.get("player") ?? "";
  const [playerText, setPlayerText] = useState(player);
  const [metadata, setMetadata] = useState<string>(""); // "key=value"
  const [sorter, setSorter] = useState<CrudSort>({ field: "created_at", order: "desc" });
  const filters: CrudFilter[] = [{ field: "type", operator: "eq", value: type }, { field: "locked", operator: "eq", value: locked },
    { field: "player", operator: "eq", value: player }];
  const eq = metadata.indexOf("=");
  if (eq > 0) filters.push({ field: `metadata.${metadata.slice(0, eq).trim()}`, operator: "eq", value: metadata.slice(eq + 1).trim() });
  // the data provider's getList: _start=0&_end=1000, _sort/_order (created_at desc, or the column sorted), the filters set
  const { query: { data: answer, error, isLoading: loading, refetch: refresh } } = useList<RoomRow, ApiError>({
    resource: "rooms",
    pagination: { currentPage: 1, pageSize: 1000 },
    sorters: [sorter],
    filters,
    errorNotification: false,
    // a filter change keeps the rows shown until the new ones arrive
    queryOptions: { ...POLLING, placeholderData: (previous) => previous },
  });
  const data = answer && { rows: answer.data, total: answer.total };
  useEffect(() => {
    // the type filter offers every type seen so far (the list may be filtered to one)
    if (answer) setTypes((seen) => Array.from(new Set([...seen, ...answer.data.map((r) => r.type ?? "")])).filter(Boolean).sort());
  }, [answer]);
  if (error?.statusCode === 403) return <Result status="403" title="No access" subTitle={error.message} />;
  return (
    <Card title={<span id="page-title">Rooms</span>}
          extra={<Space>
            {admin && <Link to="/rooms/_templates" id="rooms-templates">Message templates</Link>}
            <Button id="rooms-refresh" icon={<ReloadOutlined />} onClick={() => refresh()}>Refresh</Button>
          </Space>}>
      <NodesCard refreshMs={REFRESH_MS} />
      <Space style={{ marginBottom: 16 }} wrap>
        <Select id="rooms-type" aria-label="Room type" style={{ width: 180 }} value={type} onChange={setType}
                options={[{ value: "", label: "Every type" }, ...types.map((t) => ({ value: t, label: t }))]} />
        <Select id="rooms-locked" aria-label="Locked" style={{ width: 160 }} value={locked} onChange={setLocked}
                options={[{ value: "", label: "Locked or not" }, { value: "true", label: "Locked" },
                  { value: "false", label: "Unlocked" }]} />
        <Input.Search id="rooms-player" aria-label="Player (user id, email or display name)" style={{ width: 280 }}
                      placeholder="Player: id, email or name" allowClear value={playerText}
                      onChange={(e) => setPlayerText(e.target.value)}
                      onSearch={(v) => setSearch(v.trim() ? { player: v.trim() } : {})} />
        <Input.Search id="rooms-metadata" aria-label="Metadata filter (key=value)" style={{ width: 220 }}
                      placeholder="metadata: key=value" allowClear onSearch={(v) => setMetadata(v.trim())} />
        <Typography.Text id="rooms-total" type="secondary">{data ? `${data.total} room(s)` : ""}</Typography.Text>
        {error && <Typography.Text type="danger">{error.message}</Typography.Text>}
      </Space>
      <Table<RoomRow> id="rooms-table" rowKey={(r) => String(r.id)} size="small" loading={loading && !data}
                      dataSource={data?.rows ?? []} pagination={{ pageSize: 50, hideOnSinglePage: true }}
                      scroll={{ x: "max-content" }}
                      onChange={(_p, _f, sort) => {
                        const one = Array.isArray(sort) ? sort[0] : sort;
                        setSorter(one?.order && one.columnKey
                          ? { field: String(one.columnKey), order: one.order === "ascend" ? "asc" : "desc" }
                          : { field: "created_at", order: "desc" });
                      }}
                      columns={[
                        { key: "id", title: "Room", dataIndex: "id",
                          render: (id: string) => <Link to={`/rooms/${encodeURIComponent(id)}`} data-room={id}>{id}</Link> },
                        { key: "type", title: "Type", dataIndex: "type" },
                        { key: "node", title: "Node", dataIndex: "node" },
                        { key: "clients", title: "Clients", render: (_, r) => `${r.clients ?? 0} / ${r.max_clients ?? ""}` },
                        { key: "locked", title: "Locked", dataIndex: "locked",
                          render: (v: boolean) => (v ? <Tag color="orange">locked</Tag> : <Tag>open</Tag>) },
                        { key: "metadata", title: "Metadata", render: (_, r) => (
                          <span className="room-metadata">{Object.entries((r.metadata ?? {}) as Record<string, unknown>).map(([k, v]) =>
                            <Tag key={k}>{`${k}=${typeof v === "string" ? v : JSON.stringify(v)}`}</Tag>)}</span>) },
                        ...FIGURE_COLUMNS.map(([name, title]): TableColumnType<RoomRow> => ({
                          key: `figures.${name}`, title, align: "right", sorter: true,
                          sortOrder: sorter.field === `figures.${name}` ? (sorter.order === "asc" ? "ascend" : "descend") : null,
                          render: (_, r) => <span className={`figure-${name}`}>{figure(r.figures, name)}</span> })),
                        { key: "created_at", title: "Created", dataIndex: "created_at", render: when },
                      ]} />
    </Card>
  );
}

/** RFC 6901: a member name as a pointer segment. */
const segment = (key: string | number) => String(key).replace(/~/g, "~0").replace(/\//g, "~1");

/** The state as tree nodes; each node's key is its JSON Pointer. */
function treeOf(value: Json, path: string, label: ReactNode, actions: (path: string, value: Json) => ReactNode): TreeDataNode {
  const children = value !== null && typeof value === "object"
    ? (Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value))
      .map(([k, v]) => treeOf(v, `${path}/${segment(k)}`, k, actions))
    : undefined;
  const summary = Array.isArray(value) ? `[${value.length}]` : value !== null && typeof value === "object"
    ? `{${Object.keys(value).length}}` : JSON.stringify(value);
  return {
    key: path || "/",
    title: (
      <span className="state-node" data-path={path}>
        <Typography.Text strong>{label}</Typography.Text>
        <Typography.Text code className="state-value">{summary}</Typography.Text>
        {path && actions(path, value)}
      </span>
    ),
    children,
  };
}

/** Every key of a tree. */
const keysOf = (node: TreeDataNode): string[] => [String(node.key), ...(node.children ?? []).flatMap(keysOf)];

/** GET /admin-api/rooms/:id, refreshed; the actions POST/PATCH/DELETE its routes after a confirmation. */
export function RoomPage() {
  const { id = "" } = useParams();
  const navigate = useNavigate();
  const { modal, message } = App.useApp();
  const { query: { data, error, isLoading: loading, refetch: refresh } } = useOne<Room, ApiError>({
    resource: "rooms", id, errorNotification: false, queryOptions: POLLING });
  const room = data?.data;
  const [collapsed, setCollapsed] = useState<string[]>([]); // the tree shows every node open but these
  const failed = (e: ApiError) => { message.error({ content: e.message, className: "room-action-error" }); };
  const done = (text: string) => { message.success({ content: text, className: "room-action-done" }); refresh(); };

  if (error && !room) {
    return error.statusCode === 404
      ? <Result status="404" title="Room not found" subTitle="It was disposed, or its node stopped."
                extra={<Link to="/rooms">Back to the rooms</Link>} />
      : <Result status={error.statusCode === 403 ? "403" : "warning"} subTitle={error.message} />;
  }
  if (!room) return <Card loading={loading} />;

  const kick = (client: RoomClient) => {
    let reason = "";
    modal.confirm({
      title: `Kick ${client.client_id}?`,
      content: <Input id="kick-reason" placeholder="Reason (audited)" onChange={(e) => { reason = e.target.value; }} />,
      okText: "Kick", okButtonProps: { danger: true, id: "confirm-ok" },
      onOk: () => post(`${roomPath(id)}/kick`, { client_id: client.client_id, reason })
        .then(() => done(`Kicked ${client.client_id}`), failed),
    });
  };
  const toggleLock = () => modal.confirm({
    title: room.locked ? "Unlock this room?" : "Lock this room?",
    content: room.locked ? "New clients may join again." : "New clients are refused (4009); seated clients stay.",
    okText: room.locked ? "Unlock" : "Lock", okButtonProps: { id: "confirm-ok" },
    onOk: () => post(`${roomPath(id)}/${room.locked ? "unlock" : "lock"}`)
      .then(() => done(room.locked ? "Unlocked" : "Locked"), failed),
  });
  const dispose = () => {
    let reason = "";
    modal.confirm({
      title: "Dispose of this room?",
      content: (
        <Space direction="vertical" style={{ width: "100%" }}>
          <span>Every client is disconnected (4004) and the room is removed.</span>
          <Input id="dispose-reason" placeholder="Reason (audited)" onChange={(e) => { reason = e.target.value; }} />
        </Space>
      ),
      okText: "Dispose", okButtonProps: { danger: true, id: "confirm-ok" },
      onOk: () => post(`${roomPath(id)}/dispose`, { reason }).then(() => {
        message.success({ content: "Room disposed", className: "room-action-done" });
        navigate("/rooms");
      }, failed),
    });
  };
  const edit = (path: string, value: Json | undefined) => {
    let pointer = path;
    let text = value === undefined ? "" : JSON.stringify(value, null, 2);
    const parse = (t: string): { value?: Json } => {
      try {
        return { value: JSON.parse(t) as Json };
      } catch {
        return {};
      }
    };
    // Save stays disabled while the value is not JSON or the pointer does not start with "/"
    const okProps = () => ({ id: "confirm-ok", disabled: !pointer.startsWith("/") || !("value" in parse(text)) });
    const dialog = modal.confirm({
      title: value === undefined ? "Set a value in the state" : `Edit ${path}`,
      width: 560,
      content: (
        <Space direction="vertical" style={{ width: "100%" }}>
          <Input id="state-path" defaultValue={path} disabled={value !== undefined} aria-label="JSON Pointer"
                 placeholder="/path/to/value"
                 onChange={(e) => { pointer = e.target.value; dialog.update({ okButtonProps: okProps() }); }} />
          <Input.TextArea id="state-value" defaultValue={text} rows={6} aria-label="Value (JSON)"
                          onChange={(e) => { text = e.target.value; dialog.update({ okButtonProps: okProps() }); }} />
          <Typography.Text type="secondary">Any JSON value (a string in quotes); every client gets the patch.</Typography.Text>
        </Space>
      ),
      okText: "Save", okButtonProps: okProps(),
      onOk: () => http.patch(`${apiUrl}/${roomPath(id)}/state`, { path: pointer, value: parse(text).value })
        .then(() => done(`Set ${pointer}`), failed),
    });
  };
  const remove = (path: string) => modal.confirm({
    title: `Delete ${path}?`,
    content: "The value is removed from the state; every client gets the patch.",
    okText: "Delete", okButtonProps: { danger: true, id: "confirm-ok" },
    onOk: () => http.delete(`${apiUrl}/${roomPath(id)}/state`, { params: { path } })
      .then(() => done(`Deleted ${path}`), failed),
  });
  const actions = (path: string, value: Json) => (
    <Space size={0} className="state-actions">
      <Button type="link" size="small" icon={<EditOutlined />} aria-label={`Edit ${path || "/"}`}
              className="state-edit" onClick={(e) => { e.stopPropagation(); edit(path, value); }} />
      {<Button type="link" size="small" danger icon={<DeleteOutlined />} aria-label={`Delete ${path}`}
                       className="state-delete" onClick={(e) => { e.stopPropagation(); remove(path); }} />}
    </Space>
  );
  const state = (room.state ?? {}) as Json;
  const clients = room.clients ?? [];
  const sendMessage = (target: string, msgType: string, text: string) => {
    let data: Json;
    try {
      data = text.trim() ? JSON.parse(text) as Json : null;
    } catch {
      message.error({ content: "The data is not JSON", className: "room-action-error" });
      return;
    }
    const everyRoom = target === "*type";
    modal.confirm({
      title: everyRoom ? `Send "${msgType}" to every ${room.type} room on every node?`
        : target ? `Send "${msgType}" to ${target}?` : `Send "${msgType}" to every client of this room?`,
      content: "Players see it at once; the message is audited.",
      okText: "Send", okButtonProps: { id: "confirm-ok" },
      onOk: () => (everyRoom
        ? post<{ rooms: number; clients: number }>("rooms/_message", { type: room.type, message: { type: msgType, data } })
          .then((r) => done(`Sent to ${r.clients} client(s) in ${r.rooms} room(s)`), failed)
        : post(`${roomPath(id)}/message`, target ? { type: msgType, data, client_id: target } : { type: msgType, data })
          .then(() => done("Sent"), failed)),
    });
  };
  const tree = treeOf(state, "", "state", actions);
  return (
    <Space direction="vertical" size="middle" style={{ width: "100%" }}>
      <Card title={<span id="page-title">Room {room.id}</span>}
            extra={
              <Space>
                <Button id="room-lock" icon={room.locked ? <UnlockOutlined /> : <LockOutlined />} onClick={toggleLock}>
                  {room.locked ? "Unlock" : "Lock"}
                </Button>
                <Button id="room-dispose" danger icon={<DeleteOutlined />} onClick={dispose}>Dispose</Button>
              </Space>
            }>
        <Descriptions size="small" column={3} id="room-summary" items={[
          { key: "type", label: "Type", children: room.type },
          { key: "node", label: "Node", children: room.node },
          { key: "clients", label: "Clients", children: <span id="room-clients">{`${clients.length} / ${room.max_clients ?? ""}`}</span> },
          { key: "locked", label: "Locked", children: <span id="room-locked">{room.locked ? "yes" : "no"}</span> },
          { key: "created", label: "Created", children: when(room.created_at) },
          { key: "status", label: "Refresh", children: error ? <Typography.Text type="danger">{error.message}</Typography.Text>
            : `every ${REFRESH_MS / 1000} s` },
        ]} />
      </Card>
      <FiguresCard room={room} />
      <MessageCard clients={clients} roomType={room.type ?? ""} onSend={sendMessage} />
      <Card title="Clients">
        <Table<RoomClient> id="room-clients-table" rowKey={(c) => String(c.client_id)} size="small" dataSource={clients}
                           pagination={false} scroll={{ x: "max-content" }}
                           columns={[
                             { key: "client_id", title: "Client", dataIndex: "client_id" },
                             { key: "user", title: "User", render: (_, c) => (
                               <Link to={`/users/show/${encodeURIComponent(String(c.user_id))}`} className="client-user">
                                 {String((c._labels as Record<string, unknown> | undefined)?.user_id ?? c.user_id)}
                               </Link>) },
                             { key: "joined_at", title: "Joined", dataIndex: "joined_at", render: when },
                             { key: "ip", title: "IP", dataIndex: "ip" },
                             { key: "connected", title: "Connected", dataIndex: "connected",
                               render: (v: boolean) => (v ? <Tag color="green">connected</Tag> : <Tag>away (grace)</Tag>) },
                             { key: "kick", title: "", render: (_, c) => (
                               <Button size="small" danger className="kick" data-client={c.client_id}
                                       onClick={() => kick(c)}>Kick</Button>) },
                           ]} />
      </Card>
      <Card title="State" extra={<Button id="state-add" icon={<PlusOutlined />} onClick={() => edit("", undefined)}>Set a value</Button>}>
        {state !== null && typeof state === "object" && Object.keys(state).length === 0
          ? <Empty description="The state is empty" />
          : <div id="state-tree"><Tree blockNode selectable={false} treeData={[tree]}
                  expandedKeys={keysOf(tree).filter((k) => !collapsed.includes(k))}
                  onExpand={(_, { node, expanded }) => setCollapsed((c) => (expanded
                    ? c.filter((k) => k !== node.key) : [...c, String(node.key)]))} /></div>}
      </Card>
      <EditsCard id={id} onReverted={() => refresh()} />
      <LogCard id={id} />
    </Space>
  );
}

/** The current figures and the last 15 minutes as small charts (figures_history: one point per step_s). */
function FiguresCard({ room }: { room: Room }) {
  const f = room.figures ?? undefined;
  const h = room.figures_history;
  const from = h?.from ? new Date(h.from).getTime() : 0;
  const points = (h?.messages_in_per_s ?? []).map((_, i) => ({
    t: new Date(from + i * (h?.step_s ?? 10) * 1000).toLocaleTimeString(),
    in: h?.messages_in_per_s?.[i] ?? 0, out: h?.messages_out_per_s?.[i] ?? 0,
    bytes: h?.bytes_out_per_s?.[i] ?? 0, lag: h?.lag_ms?.[i] ?? 0,
  }));
  const chart = (title: string, lines: [string, string][]) => (
    <div style={{ width: 300 }} aria-label={title}>
      <Typography.Text type="secondary">{title}</Typography.Text>
      <ResponsiveContainer width="100%" height={90}>
        <LineChart data={points}>
          <XAxis dataKey="t" hide />
          <YAxis width={40} />
          <Tooltip />
          {lines.map(([key, color]) => <Line key={key} type="monotone" dataKey={key} stroke={color} dot={false} isAnimationActive={false} />)}
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
  return (
    <Card title="Load" size="small">
      <Descriptions size="small" column={4} id="room-figures" items={FIGURE_COLUMNS.concat([["patch_ms_p50", "Patch p50 ms"]]).map(([name, title]) => ({
        key: name, label: title, children: <span className={`figure-${name}`}>{figure(f, name)}</span> }))} />
      <Space wrap>
        {chart("Messages per second (in, out), last 15 minutes", [["in", "#1677ff"], ["out", "#52c41a"]])}
        {chart("Bytes out per second", [["bytes", "#722ed1"]])}
        {chart("Lag behind the patch interval (ms)", [["lag", "#fa541c"]])}
      </Space>
    </Card>
  );
}

/** GET /admin-api/rooms/:id/edits, each with a revert (409 when the value changed since). */
function EditsCard({ id, onReverted }: { id: string; onReverted: () => void }) {
  const { modal, message } = App.useApp();
  const { query: { data, refetch } } = useCustom<RoomEdit[]>({ url: `${apiUrl}/${roomPath(id)}/edits`, method: "get",
    errorNotification: false });
  const revert = (edit: RoomEdit) => modal.confirm({
    title: `Revert the edit of ${edit.path}?`,
    content: "The value before the edit is put back, unless the value changed since.",
    okText: "Revert", okButtonProps: { id: "confirm-ok" },
    onOk: () => post(`${roomPath(id)}/edits/${edit.id}/revert`).then(() => {
      message.success({ content: `Reverted ${edit.path}`, className: "room-action-done" });
      refetch();
      onReverted();
    }, (e: ApiError) => { message.error({ content: e.message, className: "room-action-error" }); }),
  });
  const show = (v: unknown) => (v === undefined ? "" : JSON.stringify(v));
  return (
    <Card title="Operator edits of the state" size="small"
          extra={<Button icon={<ReloadOutlined />} aria-label="Reload the edits" onClick={() => refetch()} />}>
      <Table<RoomEdit> id="room-edits-table" rowKey={(e) => String(e.id)} size="small" pagination={false}
                       dataSource={data?.data ?? []} scroll={{ x: "max-content" }}
                       columns={[
                         { key: "at", title: "When", dataIndex: "at", render: when },
                         { key: "action", title: "Action", dataIndex: "action" },
                         { key: "path", title: "Path", dataIndex: "path" },
                         { key: "before", title: "Before", render: (_, e) => <Typography.Text code>{show(e.before)}</Typography.Text> },
                         { key: "after", title: "After", render: (_, e) => <Typography.Text code>{show(e.after)}</Typography.Text> },
                         { key: "revert", title: "", render: (_, e) => (
                           <Button size="small" icon={<UndoOutlined />} className="edit-revert" onClick={() => revert(e)}>Revert</Button>) },
                       ]} />
    </Card>
  );
}

/** GET /admin-api/rooms/:id/log on demand (reading it is audited). */
function LogCard({ id }: { id: string }) {
  const { message } = App.useApp();
  const [entries, setEntries] = useState<LogEntry[] | null>(null);
  const load = () => http.get<LogEntry[]>(`${apiUrl}/${roomPath(id)}/log`).then((r) => setEntries(r.data),
    (e: ApiError) => { message.error({ content: e.message, className: "room-action-error" }); });
  return (
    <Card title="Recent events" size="small"
          extra={<Button id="room-log-load" onClick={load}>{entries ? "Reload" : "Show the log (audited)"}</Button>}>
      {entries && <Table<LogEntry> id="room-log-table" rowKey={(_, i) => String(i)} size="small" dataSource={[...entries].reverse()}
                                   pagination={{ pageSize: 20, hideOnSinglePage: true }} scroll={{ x: "max-content" }}
                                   columns={[
                                     { key: "at", title: "When", dataIndex: "at", render: when },
                                     { key: "kind", title: "Kind", dataIndex: "kind" },
                                     { key: "client_id", title: "Client", dataIndex: "client_id" },
                                     { key: "type", title: "Type", dataIndex: "type" },
                                     { key: "data", title: "Data", render: (_, e) => <Typography.Text code>{e.data === undefined ? "" : JSON.stringify(e.data)}</Typography.Text> },
                                   ]} />}
    </Card>
  );
}
