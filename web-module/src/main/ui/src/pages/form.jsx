// Create and edit forms from form.fields (create: form.create_fields), an input per column type, server
// 422 errors on their fields, If-Match on save (the ETag the row was read with) and a 412 message with reload.
import React, { useEffect, useMemo, useRef, useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { useCreate, useInvalidate, useList, useOne, useUpdate } from "@refinedev/core";
import { Alert, App, Button, Card, DatePicker, Form, Input, InputNumber, Result, Select, Space, Switch } from "antd";
import dayjs from "dayjs";
import { rowLabel } from "../api";
import { columnOf, useResource, useSession } from "../session";
import { ResourceIcon } from "../icons.jsx";
import { NotFound } from "../App.jsx";
import { lockable, writable } from "../field-access";
import { RowChangedNotice } from "../live-notice";

export function ResourceForm({ mode }) {
  const { key, id } = useParams();
  const resource = useResource(key);
  if (!resource) return <NotFound what={`The resource "${key}"`} />;
  if (!resource.can[mode === "create" ? "create" : "update"]) {
    return <Result status="403" title="Not allowed" subTitle={`You may not ${mode} ${resource.label}.`} />;
  }
  return <FormOf key={`${key}/${mode}/${id}`} resource={resource} mode={mode} id={id} />;
}

/** A select over the target resource's rows, searched with _q, labelled like FK cells. */
function FkSelect({ target, value, onChange, label, id }) {
  const [q, setQ] = useState("");
  const { query: { data, isFetching } } = useList({
    resource: target,
    pagination: { currentPage: 1, pageSize: 20 },
    filters: q ? [{ field: "q", operator: "eq", value: q }] : [],
    errorNotification: false,
  });
  const options = (data?.data ?? []).map((row) => ({ value: String(row._id), label: `${rowLabel(row)} (#${row._id})` }));
  if (value !== undefined && value !== null && value !== "" && !options.some((o) => o.value === String(value))) {
    options.unshift({ value: String(value), label: label ? `${label} (#${value})` : `#${value}` });
  }
  return (
    <Select id={id} showSearch allowClear filterOption={false} onSearch={setQ} loading={isFetching}
            value={value === undefined || value === null ? undefined : String(value)}
            onChange={(v) => onChange(v ?? null)} options={options} placeholder={`Search ${target}`} />
  );
}

function JsonEditor({ value, onChange, id }) {
  return <Input.TextArea id={id} value={value} onChange={(e) => onChange(e.target.value)} rows={6}
                         style={{ fontFamily: "monospace" }} spellCheck={false} />;
}

/** The form value of a row value. */
function toForm(column, value) {
  if (value === null || value === undefined) return column.type === "json" ? "" : null;
  if (column.type === "datetime" || column.type === "date") return dayjs(value);
  if (column.type === "json") return JSON.stringify(value, null, 2);
  return value;
}

/** The body value of a form value; throws {field message} for bad JSON. */
function fromForm(column, value) {
  if (value === undefined) return undefined;
  if (value === null || value === "") return column.type === "boolean" ? false : null;
  if (column.type === "datetime") return value.toISOString();
  if (column.type === "date") return value.format("YYYY-MM-DD");
  if (column.type === "json") {
    try {
      return JSON.parse(value);
    } catch (e) {
      throw { field: column.name, message: `Not valid JSON: ${e.message}` };
    }
  }
  if (column.link_to?.resource && (column.type === "integer" || column.type === "number")) return Number(value);
  return value;
}

/** True when a body value equals the row's value (timestamps at millisecond precision, JSON by value). */
function sameAsRow(column, value, original) {
  if (value === null || original === null || original === undefined) return value === null && (original ?? null) === null;
  if (column.type === "datetime" || column.type === "date") return dayjs(value).valueOf() === dayjs(original).valueOf();
  return JSON.stringify(value) === JSON.stringify(original);
}

function FormOf({ resource, mode, id }) {
  const key = resource.key;
  const navigate = useNavigate();
  const { message } = App.useApp();
  const invalidate = useInvalidate();
  const [form] = Form.useForm();
  const [problem, setProblem] = useState(null); // {kind: "stale"|"error", message}
  const editing = mode === "edit";
  const { query: { data, isLoading, error, refetch } } = useOne({ resource: key, id, queryOptions: { enabled: editing },
    errorNotification: false });
  const { mutate: create, isPending: creating } = useCreate();
  const { mutate: update, isPending: updating } = useUpdate();
  const row = data?.data;

  const fieldNames = editing ? resource.form.fields.filter((f) => !resource.primary_key.includes(f)) : resource.form.create_fields;
  const fields = useMemo(() => {
    const out = fieldNames.map((name) => columnOf(resource, name)).filter(Boolean);
    if (key === "users" && !out.some((c) => c.name === "password")) {
      out.push({ name: "password", label: "Password", type: "password", nullable: editing, has_default: false });
    }
    return out;
  }, [resource, editing]);

  const reset = (r) => form.setFields(fields.map((c) => ({ name: c.name, value: c.type === "password" ? undefined : toForm(c, r?.[c.name]), errors: [] })));
  const loaded = useRef(false); // fill the form once; later changes of the cached row never overwrite edits
  useEffect(() => {
    if (row && !loaded.current) {
      loaded.current = true;
      reset(row);
    }
  }, [row]);

  const onFinish = (values) => {
    setProblem(null);
    const body = {};
    try {
      for (const c of fields) {
        if (!writable(c)) continue; // issue 17: a column the operator may not write is never sent
        if (c.type === "password") {
          if (values.password) body.password = values.password;
          continue;
        }
        const v = fromForm(c, values[c.name]);
        if (v === undefined) continue;
        if (!editing && v === null && c.nullable) continue;
        if (editing && sameAsRow(c, v, row?.[c.name])) continue;
        body[c.name] = v;
      }
    } catch (e) {
      form.setFields([{ name: e.field, errors: [e.message] }]);
      return;
    }
    const onError = (e) => {
      if (e.statusCode === 412) {
        setProblem({ kind: "stale", message: "Someone changed this row after you opened it. Reload to see their version, then make your change again." });
        return;
      }
      const known = new Set(fields.map((c) => c.name));
      const errors = e.errors ? Object.entries(e.errors) : [];
      form.setFields(errors.filter(([name]) => known.has(name)).map(([name, errs]) => ({ name, errors: [].concat(errs) })));
      const rest = errors.filter(([name]) => !known.has(name)).map(([n, errs]) => `${n}: ${[].concat(errs).join(", ")}`);
      setProblem({ kind: "error", message: [e.message, ...rest].join(" — ") });
    };
    const done = (saved) => {
      message.success({ content: editing ? "Saved" : "Created", className: "save-success" });
      invalidate({ resource: key, invalidates: ["list", "many"] });
      navigate(`/${key}/show/${encodeURIComponent(saved._id)}`);
    };
    if (editing) {
      if (Object.keys(body).length === 0) {
        navigate(`/${key}/show/${encodeURIComponent(id)}`);
        return;
      }
      update({ resource: key, id, values: body, successNotification: false, errorNotification: false },
        { onSuccess: (r) => done(r.data), onError });
    } else {
      create({ resource: key, values: body, successNotification: false, errorNotification: false },
        { onSuccess: (r) => done(r.data), onError });
    }
  };

  if (editing && error) {
    return error.statusCode === 404 ? <NotFound what={`${resource.label} ${id}`} />
      : <Result status="error" title="Could not load the row" subTitle={error.message} />;
  }
  const input = (c) => {
    const inputId = `field-${c.name}`;
    if (c.type === "password") return <Input.Password id={inputId} autoComplete="new-password" placeholder={editing ? "unchanged" : ""} />;
    if (c.link_to?.resource) return <FkSelect id={inputId} target={c.link_to.resource} label={row?._labels?.[c.name]} />;
    switch (c.type) {
      case "boolean": return <Switch id={inputId} />;
      case "integer": return <InputNumber id={inputId} precision={0} style={{ width: 240 }} />;
      case "number": return <InputNumber id={inputId} style={{ width: 240 }} />;
      case "datetime": return <DatePicker id={inputId} showTime style={{ width: 260 }} />;
      case "date": return <DatePicker id={inputId} style={{ width: 200 }} />;
      case "json": return <JsonEditor id={inputId} />;
      default: return <Input id={inputId} />;
    }
  };
  return (
    <Card loading={editing && isLoading}
          title={<Space><ResourceIcon name={resource.icon} /><Link to={`/${key}`}>{resource.label}</Link>
            <span id="page-title">{editing ? `Edit ${row ? rowLabel(row) : id}` : "Create"}</span></Space>}>
      {editing && <RowChangedNotice resource={key} id={id} mode="edit" onReload={async () => { const r = await refetch(); reset(r.data?.data); }} />}
      {problem && (
        <Alert id={problem.kind === "stale" ? "stale-row" : "form-error"} type={problem.kind === "stale" ? "warning" : "error"} showIcon
               style={{ marginBottom: 16 }} message={problem.message}
               action={problem.kind === "stale" && (
                 <Button id="reload-row" onClick={async () => { setProblem(null); const r = await refetch(); reset(r.data?.data); }}>Reload</Button>
               )} />
      )}
      <Form form={form} layout="vertical" onFinish={onFinish} id="resource-form" style={{ maxWidth: 720 }}>
        {fields.map((c) => (
          <Form.Item key={c.name} name={c.name} label={c.label} htmlFor={`field-${c.name}`}
                     valuePropName={c.type === "boolean" ? "checked" : "value"}
                     required={!editing && !c.nullable && !c.has_default && c.type !== "boolean"}>
            {lockable(c, input(c))}
          </Form.Item>
        ))}
        <Space>
          <Button type="primary" htmlType="submit" id="save" loading={creating || updating}>{editing ? "Save" : "Create"}</Button>
          <Button onClick={() => navigate(-1)}>Cancel</Button>
        </Space>
      </Form>
    </Card>
  );
}
