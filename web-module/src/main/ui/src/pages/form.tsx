// Create and edit forms from form.fields (create: form.create_fields), an input per column type, server
// 422 errors on their fields, If-Match on save (the ETag the row was read with) and a 412 message with reload.
import { useEffect, useMemo, useRef, useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { useCreate, useInvalidate, useOne, useSelect, useUpdate } from "@refinedev/core";
import { Create, Edit } from "@refinedev/antd";
import { Alert, App, Button, DatePicker, Form, Input, InputNumber, Result, Select, Space, Switch } from "antd";
import { rowLabel, type ApiError } from "../api";
import { columnOf, useResource } from "../session";
import { ResourceIcon } from "../icons";
import { NotFound } from "../notFound";
import type { ColumnInfo, ResourceInfo, Row, RowInput } from "../types";
import { lockable } from "../field-access";
import { fieldErrors, formBody, toForm, type Field, type FieldProblem, type FormValue } from "../form-values";
import { RowChangedNotice } from "../live-notice";

export function ResourceForm({ mode }: { mode: "create" | "edit" }) {
  const { key, id } = useParams();
  const resource = useResource(key);
  if (!resource) return <NotFound what={`The resource "${key}"`} />;
  if (!resource.can[mode === "create" ? "create" : "update"]) {
    return <Result status="403" title="Not allowed" subTitle={`You may not ${mode} ${resource.label}.`} />;
  }
  return <FormOf key={`${key}/${mode}/${id}`} resource={resource} mode={mode} id={id} />;
}

/**
 * A select over the target resource's rows (Refine's useSelect), searched with _q, labelled like FK cells. The
 * current value's label comes from the row's `_labels` (no extra request for it).
 */
function FkSelect({ target, value, onChange, label, id }: {
  target: string; value?: FormValue; onChange?: (v: string | null) => void; label?: string; id: string;
}) {
  const { options: found, onSearch, query: { isFetching } } = useSelect<Row>({
    resource: target,
    optionValue: (row) => String(row._id),
    optionLabel: (row) => `${rowLabel(row)} (#${row._id})`,
    pagination: { currentPage: 1, pageSize: 20 },
    onSearch: (q) => (q ? [{ field: "q", operator: "eq", value: q }] : []),
    errorNotification: false,
  });
  const options = [...found];
  if (value !== undefined && value !== null && value !== "" && !options.some((o) => o.value === String(value))) {
    options.unshift({ value: String(value), label: label ? `${label} (#${value})` : `#${value}` });
  }
  return (
    <Select id={id} showSearch allowClear filterOption={false} onSearch={onSearch} loading={isFetching}
            value={value === undefined || value === null ? undefined : String(value)}
            onChange={(v: string | undefined) => onChange?.(v ?? null)} options={options} placeholder={`Search ${target}`} />
  );
}

function JsonEditor({ value, onChange, id }: { value?: string; onChange?: (v: string) => void; id: string }) {
  return <Input.TextArea id={id} value={value} onChange={(e) => onChange?.(e.target.value)} rows={6}
                         style={{ fontFamily: "monospace" }} spellCheck={false} />;
}

function FormOf({ resource, mode, id }: { resource: ResourceInfo; mode: "create" | "edit"; id?: string }) {
  const key = resource.key;
  const navigate = useNavigate();
  const { message } = App.useApp();
  const invalidate = useInvalidate();
  const [form] = Form.useForm();
  const [problem, setProblem] = useState<{ kind: "stale" | "error"; message: string } | null>(null);
  const editing = mode === "edit";
  const { query: { data, isLoading, error, refetch } } = useOne<Row, ApiError>({ resource: key, id, queryOptions: { enabled: editing },
    errorNotification: false });
  const { mutate: create, mutation: { isPending: creating } } = useCreate<Row, ApiError, RowInput>();
  const { mutate: update, mutation: { isPending: updating } } = useUpdate<Row, ApiError, RowInput>();
  const row = data?.data;

  const fieldNames = editing ? resource.form.fields.filter((f) => !resource.primary_key.includes(f))
    : resource.form.create_fields ?? resource.form.fields;
  const fields = useMemo<Field[]>(() => {
    const out: Field[] = fieldNames.map((name) => columnOf(resource, name)).filter((c): c is ColumnInfo => !!c);
    if (key === "users" && !out.some((c) => c.name === "password")) {
      out.push({ name: "password", label: "Password", type: "password", nullable: editing, has_default: false });
    }
    return out;
  }, [resource, editing]);

  const reset = (r: Row | undefined) => form.setFields(fields.map((c) => ({ name: c.name, value: c.type === "password" ? undefined : toForm(c, r?.[c.name]), errors: [] })));
  const loaded = useRef(false); // fill the form once; later changes of the cached row never overwrite edits
  useEffect(() => {
    if (row && !loaded.current) {
      loaded.current = true;
      reset(row);
    }
  }, [row]);

  const onFinish = (values: Record<string, FormValue>) => {
    setProblem(null);
    let body: RowInput;
    try {
      body = formBody(fields, values, row, editing);
    } catch (e) {
      const bad = e as FieldProblem;
      form.setFields([{ name: bad.field, errors: [bad.message] }]);
      return;
    }
    const onError = (e: ApiError) => {
      if (e.statusCode === 412) {
        setProblem({ kind: "stale", message: "Someone changed this row after you opened it. Reload to see their version, then make your change again." });
        return;
      }
      const known = new Set(fields.map((c) => c.name));
      const errors = Object.entries(fieldErrors(e));
      form.setFields(errors.filter(([name]) => known.has(name)).map(([name, errs]) => ({ name, errors: errs })));
      const rest = errors.filter(([name]) => !known.has(name)).map(([n, errs]) => `${n}: ${errs.join(", ")}`);
      setProblem({ kind: "error", message: [e.message, ...rest].join(" — ") });
    };
    const done = (saved: Row) => {
      message.success({ content: editing ? "Saved" : "Created", className: "save-success" });
      invalidate({ resource: key, invalidates: ["list", "many"] });
      navigate(`/${key}/show/${encodeURIComponent(saved._id)}`);
    };
    if (editing) {
      if (Object.keys(body).length === 0) {
        navigate(`/${key}/show/${encodeURIComponent(id ?? "")}`);
        return;
      }
      update({ resource: key, id: id ?? "", values: body, successNotification: false, errorNotification: false },
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
  const input = (c: Field) => {
    const inputId = `field-${c.name}`;
    if (c.type === "password") return <Input.Password id={inputId} autoComplete="new-password" placeholder={editing ? "unchanged" : ""} />;
    if (c.link_to && "resource" in c.link_to) {
      return <FkSelect id={inputId} target={c.link_to.resource} label={row?._labels?.[c.name]} />;
    }
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
  const title = (
    <Space><ResourceIcon name={resource.icon} /><Link to={`/${key}`}>{resource.label}</Link>
      <span id="page-title">{editing ? `Edit ${row ? rowLabel(row) : id}` : "Create"}</span></Space>
  );
  // Refine's Create/Edit page shell (header, card, footer); the buttons are the panel's own: the footer sits outside
  // the <form>, so Save names it (form="resource-form")
  const footer = (
    <Space>
      <Button type="primary" htmlType="submit" form="resource-form" id="save" loading={creating || updating}>
        {editing ? "Save" : "Create"}
      </Button>
      <Button onClick={() => navigate(-1)}>Cancel</Button>
    </Space>
  );
  const Shell = editing ? Edit : Create;
  return (
    <Shell resource={key} isLoading={editing && isLoading} goBack={false} breadcrumb={false} title={title}
           headerButtons={() => null} footerButtons={() => footer}>
      {editing && id !== undefined && <RowChangedNotice resource={key} id={id} mode="edit" onReload={async () => { const r = await refetch(); reset(r.data?.data); }} />}
      {problem && (
        <Alert id={problem.kind === "stale" ? "stale-row" : "form-error"} type={problem.kind === "stale" ? "warning" : "error"} showIcon
               style={{ marginBottom: 16 }} message={problem.message}
               action={problem.kind === "stale" ? (
                 <Button id="reload-row" onClick={async () => { setProblem(null); const r = await refetch(); reset(r.data?.data); }}>Reload</Button>
               ) : undefined} />
      )}
      <Form form={form} layout="vertical" onFinish={onFinish} id="resource-form" style={{ maxWidth: 720 }}>
        {fields.map((c) => (
          <Form.Item key={c.name} name={c.name} label={c.label} htmlFor={`field-${c.name}`}
                     valuePropName={c.type === "boolean" ? "checked" : "value"}
                     required={!editing && !c.nullable && !c.has_default && c.type !== "boolean"}>
            {lockable(c, input(c))}
          </Form.Item>
        ))}
      </Form>
    </Shell>
  );
}
