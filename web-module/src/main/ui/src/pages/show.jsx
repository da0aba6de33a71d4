// The detail page: show.fields, a tab per many-relation with its count (_counts) and rows; for users the
// Ban (reason, until), Unban and Revoke sessions buttons and the Active sessions tab. No custom actions here.
import React, { useEffect, useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { useCustom, useDelete, useList, useOne } from "@refinedev/core";
import { App, Badge, Button, Card, DatePicker, Descriptions, Form, Input, Modal, Result, Space, Table, Tabs, Tag } from "antd";
import { DeleteOutlined, EditOutlined, StopOutlined, UnlockOutlined, LogoutOutlined } from "@ant-design/icons";
import { apiUrl, post, rowLabel } from "../api";
import { columnOf, useResource, useSession } from "../session";
import { Cell, formatValue } from "../cells.jsx";
import { ResourceIcon } from "../icons.jsx";
import { NotFound } from "../App.jsx";
import { rowsText } from "./list.jsx";
import { ColorTag } from "../tags";
import { HistoryCard, RestoreButton } from "./history";
import { RowChangedNotice } from "../live-notice";

export function ResourceShow() {
  const { key, id } = useParams();
  const resource = useResource(key);
  if (!resource) return <NotFound what={`The resource "${key}"`} />;
  return <ShowOf key={`${key}/${id}`} resource={resource} id={id} />;
}

function ShowOf({ resource, id }) {
  const key = resource.key;
  const navigate = useNavigate();
  const { modal, message } = App.useApp();
  const { query: { data, isLoading, error, refetch } } = useOne({ resource: key, id, errorNotification: false });
  const [version, setVersion] = useState(0); // bumped by ban/unban/revoke: the sessions tab reloads
  const moderated = () => { refetch(); setVersion((v) => v + 1); };
  const { mutate: remove } = useDelete();
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
    onOk: () => new Promise((resolve) => remove({ resource: key, id, successNotification: false, errorNotification: false }, {
      onSuccess: () => { message.success("Deleted"); resolve(); navigate(`/${key}`); },
      onError: (e) => { modal.error({ title: "Delete failed", content: e.message }); resolve(); },
    })),
  });
  return (
    <Space direction="vertical" style={{ width: "100%" }} size="large">
      <Card
        loading={isLoading}
        title={<Space><ResourceIcon name={resource.icon} /><Link to={`/${key}`}>{resource.label}</Link>
          <span id="page-title">{row ? rowLabel(row) : id}</span></Space>}
        extra={row && (
          <Space wrap>
            {key === "adminAudit" && <RestoreButton row={row} />}
            {key === "users" && resource.can.update && <UserModeration id={id} row={row} onChange={moderated} />}
            {resource.can.update && <Button icon={<EditOutlined />} id="edit" onClick={() => navigate(`/${key}/edit/${encodeURIComponent(id)}`)}>Edit</Button>}
            {resource.can.delete && <Button danger icon={<DeleteOutlined />} id="delete" onClick={confirmDelete}>Delete</Button>}
          </Space>
        )}
      >
        <RowChangedNotice resource={key} id={id} mode="show" />
        {row && (
          <Descriptions bordered column={1} size="small" id="show-fields">
            {fields.map((name) => {
              const column = columnOf(resource, name) || { name, label: name, type: "string" };
              return (
                <Descriptions.Item key={name} label={column.label}>
                  {name === "ban" && row.ban ? <BanTag ban={row.ban} /> : <Cell resourceKey={key} column={column} row={row} />}
                </Descriptions.Item>
              );
            })}
          </Descriptions>
        )}
      </Card>
      {row && (many.length > 0 || key === "users") && <RelationTabs resource={resource} id={id} many={many} version={version} />}
      {row && key !== "adminAudit" && <HistoryCard resource={resource} id={id} />}
    </Space>
  );
}

function BanTag({ ban }) {
  return (
    <Space direction="vertical" size={0}>
      <ColorTag color="red" id="banned">banned{ban.until ? ` until ${formatValue(ban.until, "datetime")}` : " indefinitely"}</ColorTag>
      {ban.reason && <span id="ban-reason">Reason: {ban.reason}</span>}
    </Space>
  );
}

function RelationTabs({ resource, id, many, version }) {
  const { query: { data: counts } } = useCustom({ url: `${apiUrl}/${resource.key}/${encodeURIComponent(id)}/_counts`, method: "get",
    errorNotification: false, queryOptions: { enabled: many.length > 0 } });
  const { catalog } = useSession();
  const items = many.map((rel) => ({
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

function RelatedRows({ resource, id, relation, target }) {
  const [page, setPage] = useState({ currentPage: 1, pageSize: 10 });
  const { query: { data, isLoading, error } } = useList({
    resource: `${resource.key}/${encodeURIComponent(id)}/relations/${relation.name}`,
    pagination: page,
    errorNotification: false,
  });
  if (!target) return <Result status="403" subTitle="You may not see these rows." />;
  if (error) return <Result status="warning" subTitle={error.message} />;
  const columns = target.list.columns.map((name) => {
    const column = columnOf(target, name) || { name, label: name, type: "string" };
    return {
      key: name, title: column.label, dataIndex: name,
      render: (_, row) => (target.primary_key.includes(name) && target.primary_key.length === 1
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

function Sessions({ id, version }) {
  const { query: { data, isLoading, error, refetch } } = useCustom({ url: `${apiUrl}/users/${encodeURIComponent(id)}/sessions`, method: "get",
    errorNotification: false });
  useEffect(() => { if (version > 0) refetch(); }, [version]);
  if (error) return <Result status="warning" subTitle={error.message} />;
  const columns = ["kind", "ip", "user_agent", "created_at", "last_seen_at", "expires_at"].map((name) => ({
    key: name, dataIndex: name, title: name.replace(/_/g, " "),
    render: (v) => formatValue(v, name.endsWith("_at") ? "datetime" : "string"),
  }));
  return <Table id="sessions-table" rowKey="id" size="small" loading={isLoading} dataSource={data?.data ?? []}
                columns={columns} pagination={false} scroll={{ x: "max-content" }} />;
}

/** Ban (reason, until), Unban and Revoke sessions (POST /admin-api/users/:id/ban|unban|revoke-sessions). */
function UserModeration({ id, row, onChange }) {
  const { modal, message } = App.useApp();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm();
  const path = `users/${encodeURIComponent(id)}`;
  const fail = (title) => (e) => modal.error({ title, content: e.message });
  const ban = async (values) => {
    setBusy(true);
    try {
      const out = await post(`${path}/ban`, { reason: values.reason || null, until: values.until ? values.until.toISOString() : null });
      setOpen(false);
      form.resetFields();
      message.success({ content: `Banned; ${out.sessions_closed} session(s) closed`, className: "ban-success" });
      onChange();
    } catch (e) {
      if (e.errors) form.setFields(Object.entries(e.errors).map(([name, errors]) => ({ name, errors })));
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
    onOk: () => post(`${path}/revoke-sessions`).then((out) => {
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
