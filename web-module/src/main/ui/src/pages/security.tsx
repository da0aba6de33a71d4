// The operator's own second factors (docs/security.md, "Second factors and step-up"): the authenticator app (TOTP:
// a QR code of the otpauth:// URI and the secret, confirmed by a first code), the recovery codes (shown once,
// regenerated on demand) and the passkeys (added with a name, renamed, removed; docs/security.md, "Passkeys"). Removing
// a factor is a step-up route: the shell's step-up modal asks for a code or a passkey and the request is sent again.
import { useCallback, useEffect, useState } from "react";
import { Alert, App, Button, Card, Descriptions, Form, Input, List, Modal, Space, Typography } from "antd";
import qrcode from "qrcode-generator";
import { get, http, apiUrl, post, type ApiError } from "../api";
import { formatValue } from "../cells";
import { createPasskey, passkeyError, passkeysSupported } from "../passkeys";
import type { RecoveryCodes, SecondFactorStatus, TotpEnrolment } from "../types";

type Passkey = SecondFactorStatus["passkeys"][number];

/** The QR code of `text` as an inline SVG image (qrcode-generator), with `text` as its accessible name. */
export function QrCode({ text, label }: { text: string; label: string }) {
  const qr = qrcode(0, "M");
  qr.addData(text);
  qr.make();
  const src = "data:image/svg+xml;base64," + btoa(qr.createSvgTag({ cellSize: 4, margin: 4, scalable: false }));
  return <img id="totp-qr" src={src} alt={label} width={qr.getModuleCount() * 4 + 32} />;
}

export function SecurityPage({ required }: { required?: boolean }) {
  const { modal, message } = App.useApp();
  const [status, setStatus] = useState<SecondFactorStatus | null>(null);
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<{ code: string }>();
  const [passkeyForm] = Form.useForm<{ name: string }>();
  const [renaming, setRenaming] = useState<Passkey | null>(null);
  const [renameForm] = Form.useForm<{ name: string }>();
  const load = useCallback(() => {
    get<SecondFactorStatus>("auth/mfa").then((r) => setStatus(r.data)).catch((e: ApiError) => setError(e.message));
  }, []);
  useEffect(load, [load]);
  const start = async () => {
    setError(null);
    try {
      setEnrolment((await http.post<TotpEnrolment>(`${apiUrl}/auth/mfa/totp`, {})).data);
    } catch (e) {
      setError((e as ApiError).message);
    }
  };
  const confirm = async ({ code }: { code: string }) => {
    setBusy(true);
    setError(null);
    try {
      const out = await post<RecoveryCodes>("auth/mfa/totp/confirm", { code });
      setEnrolment(null);
      setCodes(out.recovery_codes);
      form.resetFields();
      load();
    } catch (e) {
      const failure = e as ApiError;
      setError(failure.statusCode === 422 ? "The code does not match; try the next code from the app." : failure.message);
    } finally {
      setBusy(false);
    }
  };
  const regenerate = () => modal.confirm({
    title: "Make new recovery codes?", content: "The codes you have now stop working.",
    okText: "Make new codes", okButtonProps: { id: "confirm-ok" },
    onOk: () => post<RecoveryCodes>("auth/mfa/recovery-codes").then((out) => { setCodes(out.recovery_codes); load(); },
      (e: ApiError) => { modal.error({ title: "Could not make new codes", content: e.message }); }),
  });
  const removeTotp = () => modal.confirm({
    title: "Remove the authenticator app?", okText: "Remove", okButtonProps: { danger: true, id: "confirm-ok" },
    onOk: () => http.delete(`${apiUrl}/auth/mfa/totp`).then(() => { message.success("Authenticator app removed"); load(); },
      (e: ApiError) => { modal.error({ title: "Could not remove it", content: e.message }); }),
  });
  const addPasskey = async ({ name }: { name: string }) => {
    setBusy(true);
    setError(null);
    try {
      const credential = await createPasskey(await post<Record<string, unknown>>("auth/mfa/webauthn/options"));
      const added = await post<{ id: number; name: string; recovery_codes?: string[] }>("auth/mfa/webauthn", { name, credential });
      if (added.recovery_codes) setCodes(added.recovery_codes);
      message.success({ content: `Passkey "${added.name}" added`, className: "passkey-added" });
      passkeyForm.resetFields();
      load();
    } catch (e) {
      setError(passkeyError(e));
    } finally {
      setBusy(false);
    }
  };
  const rename = async ({ name }: { name: string }) => {
    try {
      await http.patch(`${apiUrl}/auth/mfa/webauthn/${renaming?.id}`, { name });
      setRenaming(null);
      load();
    } catch (e) {
      setError((e as ApiError).message);
    }
  };
  const removePasskey = (p: Passkey) => modal.confirm({
    title: `Remove the passkey "${p.name}"?`, okText: "Remove", okButtonProps: { danger: true, id: "confirm-ok" },
    onOk: () => http.delete(`${apiUrl}/auth/mfa/webauthn/${p.id}`).then(() => { message.success("Passkey removed"); load(); },
      (e: ApiError) => { modal.error({ title: "Could not remove it", content: e.message }); }),
  });
  return (
    <Space direction="vertical" style={{ width: "100%", maxWidth: 720 }} size="large">
      <Typography.Title level={2} id="page-title" style={{ margin: 0 }}>Security</Typography.Title>
      {required && (
        <Alert id="mfa-required" type="warning" showIcon
               message="Your role needs a second factor"
               description="Set up an authenticator app or add a passkey below; the rest of the panel opens then." />
      )}
      {error && <Alert id="security-error" type="error" showIcon message={error} />}
      {codes && (
        <Card title="Your recovery codes" id="recovery-codes">
          <Typography.Paragraph>
            Each code signs you in once if you lose your authenticator app or passkey. Keep them somewhere safe: they are shown
            only now.
          </Typography.Paragraph>
          <List size="small" bordered dataSource={codes}
                renderItem={(c) => <List.Item><Typography.Text code copyable className="recovery-code">{c}</Typography.Text></List.Item>} />
          <Button style={{ marginTop: 16 }} id="recovery-codes-done" onClick={() => setCodes(null)}>I have saved them</Button>
        </Card>
      )}
      <Card title="Authenticator app" id="totp-card">
        {status && !status.totp && !enrolment && (
          <>
            <Typography.Paragraph>
              Use an app such as FreeOTP, Aegis or Google Authenticator: it shows a new 6-digit code every 30 seconds.
            </Typography.Paragraph>
            <Button type="primary" id="totp-start" onClick={start}>Set up an authenticator app</Button>
          </>
        )}
        {enrolment && (
          <Space direction="vertical">
            <Typography.Paragraph>Scan the QR code with the app, or enter the secret by hand.</Typography.Paragraph>
            <QrCode text={enrolment.otpauth_uri} label="QR code of the authenticator app's secret" />
            <Descriptions column={1} size="small" bordered>
              <Descriptions.Item label="Secret"><Typography.Text code copyable id="totp-secret">{enrolment.secret}</Typography.Text></Descriptions.Item>
              <Descriptions.Item label="Link"><Typography.Text copyable id="totp-uri" style={{ wordBreak: "break-all" }}>{enrolment.otpauth_uri}</Typography.Text></Descriptions.Item>
            </Descriptions>
            <Form form={form} layout="inline" onFinish={confirm} id="totp-confirm-form">
              <Form.Item label="Code from the app" name="code" htmlFor="totp-code" rules={[{ required: true, message: "Enter the code" }]}>
                <Input id="totp-code" autoComplete="one-time-code" inputMode="numeric" />
              </Form.Item>
              <Button type="primary" htmlType="submit" loading={busy} id="totp-confirm">Confirm</Button>
            </Form>
          </Space>
        )}
        {status?.totp && (
          <Space wrap>
            <Typography.Text id="totp-enrolled">An authenticator app is set up.</Typography.Text>
            <Button danger id="totp-remove" onClick={removeTotp}>Remove</Button>
          </Space>
        )}
      </Card>
      <Card title="Recovery codes">
        <Space wrap>
          <Typography.Text id="recovery-left">{status ? `${status.recovery_codes_left} unused recovery code(s) left.` : ""}</Typography.Text>
          {status && (status.totp || status.passkeys.length > 0) && (
            <Button id="recovery-regenerate" onClick={regenerate}>Make new recovery codes</Button>
          )}
        </Space>
      </Card>
      <Card title="Passkeys" id="passkeys-card">
        {status && status.passkeys.length === 0 && <Typography.Paragraph type="secondary">No passkeys.</Typography.Paragraph>}
        {status && status.passkeys.length > 0 && (
          <List size="small" id="passkey-list" dataSource={status.passkeys} renderItem={(p) => (
            <List.Item className="passkey" actions={[
              <Button key="rename" size="small" className="passkey-rename" aria-label={`Rename ${p.name}`} onClick={() => { renameForm.setFieldsValue({ name: p.name }); setRenaming(p); }}>Rename</Button>,
              <Button key="remove" size="small" danger className="passkey-remove" aria-label={`Remove ${p.name}`} onClick={() => removePasskey(p)}>Remove</Button>,
            ]}>
              <span className="passkey-name">{p.name}</span> · added {formatValue(p.created_at, "datetime")} · last used {p.last_used_at ? formatValue(p.last_used_at, "datetime") : "never"}
            </List.Item>
          )} />
        )}
        {passkeysSupported() ? (
          <Form form={passkeyForm} layout="inline" onFinish={addPasskey} id="passkey-form" style={{ marginTop: 16 }}>
            <Form.Item label="Name" name="name" htmlFor="passkey-name" rules={[{ required: true, message: "Name the passkey" }]}>
              <Input id="passkey-name" maxLength={100} placeholder="e.g. Work laptop" />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={busy} id="passkey-add">Add a passkey</Button>
          </Form>
        ) : <Typography.Paragraph>This browser cannot use passkeys.</Typography.Paragraph>}
      </Card>
      <Modal title="Rename the passkey" open={renaming !== null} onCancel={() => setRenaming(null)} destroyOnClose
             okText="Save" okButtonProps={{ id: "passkey-rename-ok" }} onOk={() => renameForm.submit()}>
        <Form form={renameForm} layout="vertical" onFinish={rename} id="passkey-rename-form">
          <Form.Item label="Name" name="name" htmlFor="passkey-new-name" rules={[{ required: true, message: "Name the passkey" }]}>
            <Input id="passkey-new-name" maxLength={100} />
          </Form.Item>
        </Form>
      </Modal>
    </Space>
  );
}
