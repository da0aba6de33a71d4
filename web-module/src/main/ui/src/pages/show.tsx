// The detail page: show.fields, a tab per many-relation with its count (_counts) and rows; for users the
// Ban (reason, until), Unban and Revoke sessions buttons and the Active sessions tab. No custom actions here.
import { useCallback, useEffect, useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { useCustom, useDelete, useList, useOne } from "@refinedev/core";
import { Show } from "@refinedev/antd";
import { App, Badge, Button, Card, DatePicker, Descriptions, Form, Input, Modal, Result, Space, Table, Tabs } from "antd";
import type { TableColumnType, TabsProps } from "antd";
import { DeleteOutlined, EditOutlined, StopOutlined, UnlockOutlined, LogoutOutlined } from "@ant-design/icons";
import type { Dayjs } from "dayjs";
import { apiUrl, get, post, rowLabel, type ApiError, type ListAnswer } from "../api";
import { columnOf, useResource, useSession } from "../session";
import { Cell, formatValue, type CellColumn } from "../cells";
import { ResourceIcon } from "../icons";
import { NotFound } from "../notFound";
import { rowsText } from "./list";
import { ColorTag } from "../tags";
import type { BanRequest, BanResult, RelationCounts, RelationInfo, ResourceInfo, RevokeSessionsResult, Row,
  SecondFactorStatus, UserSession } from "../types";

/** A user's ban as the users resource shows it (the `ban` column). */
type Ban = { reason?: string | null; until?: string | null };
import { HistoryCard, RestoreButton } from "./history";
import { RowChangedNotice } from "../live-notice";

export function ResourceShow() {
  const { key, id } = useParams();
  const resource = useResource(key);
  if (!resource) return <NotFound what={`The resource "${key}"`} />;
  return <ShowOf key={`${key}/${id}`} resource={resource} id={id ?? ""} />;
}

function ShowOf({ resource, id }: { resource: ResourceInfo; id: string }) {
  const key = resource.key;
  const navigate = useNavigate();
  const { modal, message } = App.useApp();
  const session = useSession();
  const { query: { data, isLoading, error, refetch } } = useOne<Row, ApiError>({ resource: key, id, errorNotification: false });
  const [version, setVersion] = useState(0); // bumped by ban/unban/revoke: the sessions tab reloads
  const moderated = () => { refetch(); setVersion((v) => v + 1); };
  const { mutate: remove } = useDelete<Row, ApiError>();
  const row = data?.data;
  if (error) {
    return error.statusCode === 404 ? <NotFound what={`${resource.label} ${id}`} />
      : <Result status="error" title="Could not load the row" subTitle={error.message} />;
  }
  const many = resource.relations.filter((r) => r.kind === "many");
  const fields = resource.show.fields.length ? resource.show.fields : resource.columns.map((c) => c.name);
  const confirmDelete = () => modal.confirm({
    title: `Delete ${resource.label} ${id}?`,
    okText: "Delete",
    okButtonProps: { danger: true, id: "confirm-ok" },
    onOk: () => new Promise<void>((resolve) => remove({ resource: key, id, successNotification: false, errorNotification: false }, {
      onSuccess: () => { message.success("Deleted"); resolve(); navigate(`/${key}`); },
      onError: (e) => { modal.error({ title: "Delete failed", content: e.message }); resolve(); },
    })),
  });
  return (
    <Space direction="vertical" style={{ width: "100%" }} size="large">
      <Show
        resource={key}
        recordItemId={id}
        isLoading={isLoading}
        goBack={false}
        breadcrumb={false}
        title={<Space><ResourceIcon name={resource.icon} /><Link to={`/${key}`}>{resource.label}</Link>
          <span id="page-title">{row ? rowLabel(row) : id}</span></Space>}
        headerButtons={() => row && (
          <>
            {key === "adminAudit" && <RestoreButton row={row} />}
            {key === "users" && resource.can.update && <UserModeration id={id} row={row} onChange={moderated} />}
            {resource.can.update && <Button icon={<EditOutlined />} id="edit" onClick={() => navigate(`/${key}/edit/${encodeURIComponent(id)}`)}>Edit</Button>}
            {resource.can.delete && <Button danger icon={<DeleteOutlined />} id="delete" onClick={confirmDelete}>Delete</Button>}
          </>
        )}
      >
        <RowChangedNotice resource={key} id={id} mode="show" />
        {row && (
          <Descriptions bordered column={1} size="small" id="show-fields">
            {fields.map((name) => {
              const column: CellColumn = columnOf(resource, name) || { name, label: name, type: "string" };
              return (
                <Descriptions.Item key={name} label={column.label}>
                  {name === "ban" && row.ban ? <BanTag ban={row.ban as Ban} /> : <Cell resourceKey={key} column={column} row={row} />}
                </Descriptions.Item>
              );
            })}
          </Descriptions>
        )}
      </Show>
      {row && key === "users" && session.me?.role === "admin" && <SecondFactors id={id} />}
      {row && (many.length > 0 || key === "users") && <RelationTabs resource={resource} id={id} many={many} version={version} />}
      {row && key !== "adminAudit" && <HistoryCard resource={resource} id={id} />}
    </Space>
  );
}

function BanTag({ ban }: { ban: Ban }) {
  return (
    <Space direction="vertical" size={0}>
      <ColorTag color="red" id="banned">banned{ban.until ? ` until ${formatValue(ban.until, "datetime")}` : " indefinitely"}</ColorTag>
      {ban.reason && <span id="ban-reason">Reason: {ban.reason}</span>}
    </Space>
  );
}

function RelationTabs({ resource, id, many, version }: {
  resource: ResourceInfo; id: string; many: RelationInfo[]; version: number;
}) {
  const { query: { data: counts } } = useCustom<RelationCounts>({ url: `${apiUrl}/${resource.key}/${encodeURIComponent(id)}/_counts`, method: "get",
    errorNotification: false, queryOptions: { enabled: many.length > 0 } });
  const { catalog } = useSession();
  const items: NonNullable<TabsProps["items"]> = many.map((rel) => ({
    key: rel.name,
    label: <span data-tab={rel.name}>{rel.label} <Badge count={counts?.data?.[rel.name] ?? 0} showZero overflowCount={999999}
                                                         color="#8c8c8c" /></span>,
    children: <RelatedRows resource={resource} id={id} relation={rel} target={catalog.resources.find((r) => r.key === rel.target)} />,
  }));
  if (resource.key === "users") {
    items.push({ key: "_sessions", label: <span data-tab="sessions">Active sessions</span>, children: <Sessions id={id} version={version} /> });
  }
  return <Card><Tabs id="relation-tabs" items={items} destroyInactiveTabPane /></Card>;
}

function RelatedRows({ resource, id, relation, target }: {
  resource: ResourceInfo; id: string; relation: RelationInfo; target: ResourceInfo | undefined;
}) {
  const [page, setPage] = useState({ currentPage: 1, pageSize: 10 });
  const { query: { data: answer, isLoading, error } } = useList<Row, ApiError>({
    resource: `${resource.key}/${encodeURIComponent(id)}/relations/${relation.name}`,
    pagination: page,
    errorNotification: false,
  });
  const data = answer as ListAnswer | undefined;
  if (!target) return <Result status="403" subTitle="You may not see these rows." />;
  if (error) return <Result status="warning" subTitle={error.message} />;
  const columns = target.list.columns.map((name): TableColumnType<Row> => {
    const column: CellColumn = columnOf(target, name) || { name, label: name, type: "string" };
    return {
      key: name, title: column.label, dataIndex: name,
      render: (_: unknown, row: Row) => (target.primary_key.includes(name) && target.primary_key.length === 1
        ? <Link to={`/${target.key}/show/${encodeURIComponent(row._id)}`}>{String(row[name])}</Link>
        : <Cell resourceKey={target.key} column={column} row={row} />),
    };
  });
  return (
    <Table rowKey="_id" size="small" loading={isLoading} dataSource={data?.data ?? []} columns={columns}
           scroll={{ x: "max-content" }}
           pagination={{ current: page.currentPage, pageSize: page.pageSize, total: data?.total ?? 0,
             onChange: (currentPage, pageSize) => setPage({ currentPage, pageSize }),
             showTotal: (t) => rowsText(t, data?.totalKind === "estimated") }} />
  );
}

function Sessions({ id, version }: { id: string; version: number }) {
  const { query: { data, isLoading, error, refetch } } = useCustom<UserSession[]>({ url: `${apiUrl}/users/${encodeURIComponent(id)}/sessions`, method: "get",
    errorNotification: false });
  useEffect(() => { if (version > 0) refetch(); }, [version]);
  if (error) return <Result status="warning" subTitle={error.message} />;
  const names: (keyof UserSession)[] = ["kind", "room", "node", "ip", "user_agent", "created_at", "last_seen_at", "expires_at"];
  const columns = names.map((name): TableColumnType<UserSession> => ({
    key: name, dataIndex: name, title: name === "created_at" ? "since" : name.replace(/_/g, " "),
    render: (v: unknown) => (name === "room" && typeof v === "string" && v
      ? <Link to={`/rooms/${encodeURIComponent(v)}`} className="session-room">{v}</Link>
      : formatValue(v, name.endsWith("_at") ? "datetime" : "string")),
  }));
  return (
    <>
      <Link id="user-rooms" to={`/rooms?player=${encodeURIComponent(id)}`}>Rooms this player sits in, on every node</Link>
      <Table id="sessions-table" rowKey="id" size="small" loading={isLoading} dataSource={data?.data ?? []}
             columns={columns} pagination={false} scroll={{ x: "max-content" }} />
    </>
  );
}

/**
 * An operator's second factors for admins (GET /admin-api/users/:id/mfa) and the reset button (POST .../mfa-reset:
 * removes them and ends the user's sessions; a step-up route, so the shell's modal may ask for a code first).
 */
function SecondFactors({ id }: { id: string }) {
  const { modal, message } = App.useApp();
  const [status, setStatus] = useState<SecondFactorStatus | null>(null);
  const path = `users/${encodeURIComponent(id)}`;
  const load = useCallback(() => {
    get<SecondFactorStatus>(`${path}/mfa`).then((r) => setStatus(r.data)).catch(() => setStatus(null));
  }, [path]);
  useEffect(load, [load]);
  if (!status) return null;
  const reset = () => modal.confirm({
    title: "Reset this operator's second factors?",
    content: "Their authenticator app, passkeys and recovery codes are removed and they are signed out everywhere.",
    okText: "Reset", okButtonProps: { danger: true, id: "confirm-ok" },
    onOk: () => post(`${path}/mfa-reset`).then(() => { message.success({ content: "Second factors reset", className: "mfa-reset-success" }); load(); },
      (e: ApiError) => { modal.error({ title: "Reset failed", content: e.message }); }),
  });
  const held = status.totp || status.passkeys.length > 0;
  return (
    <Card title="Second factors" id="user-mfa" extra={held && <Button danger id="mfa-reset" onClick={reset}>Reset second factors</Button>}>
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label="Authenticator app"><span id="user-mfa-totp">{status.totp ? "set up" : "none"}</span></Descriptions.Item>
        <Descriptions.Item label="Passkeys"><span id="user-mfa-passkeys">{status.passkeys.length
          ? status.passkeys.map((p) => `${p.name} (last used ${p.last_used_at ? formatValue(p.last_used_at, "datetime") : "never"})`).join(", ")
          : "none"}</span></Descriptions.Item>
        <Descriptions.Item label="Recovery codes left">{status.recovery_codes_left}</Descriptions.Item>
      </Descriptions>
    </Card>
  );
}

/** Ban (reason, until), Unban and Revoke sessions (POST /admin-api/users/:id/ban|unban|revoke-sessions). */
function UserModeration({ id, row, onChange }: { id: string; row: Row; onChange: () => void }) {
  const { modal, message } = App.useApp();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm();
  const path = `users/${encodeURIComponent(id)}`;
  const fail = (title: string) => (e: ApiError) => { modal.error({ title, content: e.message }); };
  const ban = async (values: { reason?: string; until?: Dayjs | null }) => {
    setBusy(true);
    try {
      // the wire accepts null for "no reason" and "indefinitely" (BanRequest's fields are optional)
      const body = { reason: values.reason || null, until: values.until ? values.until.toISOString() : null };
      const out = await post<BanResult>(`${path}/ban`, body as BanRequest | { reason: null; until: null });
      setOpen(false);
      form.resetFields();
      message.success({ content: `Banned; ${out.sessions_closed} session(s) closed`, className: "ban-success" });
      onChange();
    } catch (err) {
      const e = err as ApiError;
      if (e.errors) form.setFields(Object.entries(e.errors).map(([name, errors]) => ({ name, errors: ([] as string[]).concat(errors as string[]) })));
      else fail("Ban failed")(e);
    } finally {
      setBusy(false);
    }
  };
  const unban = () => modal.confirm({
    title: "Lift the ban?", okText: "Unban", okButtonProps: { id: "confirm-ok" },
    onOk: () => post(`${path}/unban`).then(() => { message.success("Ban lifted"); onChange(); }, fail("Unban failed")),
  });
  const revoke = () => modal.confirm({
    title: "Revoke every session of this user?",
    content: "The user is signed out everywhere and must sign in again.",
    okText: "Revoke sessions", okButtonProps: { danger: true, id: "confirm-ok" },
    onOk: () => post<RevokeSessionsResult>(`${path}/revoke-sessions`).then((out) => {
      message.success({ content: `${out.sessions_closed} session(s) revoked`, className: "revoke-success" });
      onChange();
    }, fail("Revoke failed")),
  });
  return (
    <>
      {row.ban
        ? <Button icon={<UnlockOutlined />} id="unban" onClick={unban}>Unban</Button>
        : <Button danger icon={<StopOutlined />} id="ban" onClick={() => setOpen(true)}>Ban</Button>}
      <Button icon={<LogoutOutlined />} id="revoke-sessions" onClick={revoke}>Revoke sessions</Button>
      <Modal title={`Ban ${rowLabel(row)}`} open={open} onCancel={() => setOpen(false)} okText="Ban"
             okButtonProps={{ danger: true, loading: busy, id: "ban-ok" }} onOk={() => form.submit()} destroyOnClose>
        <Form form={form} layout="vertical" onFinish={ban} id="ban-form">
          <Form.Item label="Reason" name="reason" rules={[{ max: 500 }]}>
            <Input.TextArea id="ban-reason-input" rows={3} maxLength={500} showCount />
          </Form.Item>
          <Form.Item label="Until (empty: indefinitely)" name="until">
            <DatePicker id="ban-until" showTime style={{ width: "100%" }} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
