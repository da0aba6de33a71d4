// The step-up modal (docs/security.md, "Second factors and step-up"): a route that needs a fresh factor answers 401
// step_up_required; the API client asks this modal for a code (or a recovery code), POSTs /auth/step-up and sends
// the original request again, so the operator stays on their page. An operator holding a passkey can "Use a passkey"
// instead (POST /auth/step-up/options, then /auth/step-up {method: webauthn, credential}).
import { useEffect, useRef, useState } from "react";
import { Alert, Button, Form, Input, Modal } from "antd";
import { get, onStepUpRequired, post, type ApiError } from "./api";
import { passkeyAnswer, passkeyError, passkeysSupported } from "./passkeys";
import type { SecondFactorCode, SecondFactorStatus } from "./types";

export function StepUpHost() {
  const [open, setOpen] = useState(false);
  const [recovery, setRecovery] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [passkeys, setPasskeys] = useState(false);
  const [form] = Form.useForm<{ code: string }>();
  const pending = useRef<{ resolve: () => void; reject: () => void } | null>(null);
  useEffect(() => {
    onStepUpRequired(() => new Promise<void>((resolve, reject) => {
      pending.current = { resolve, reject };
      setError(null);
      setOpen(true);
      get<SecondFactorStatus>("auth/mfa").then((r) => setPasskeys(r.data.passkeys.length > 0), () => setPasskeys(false));
    }));
    return () => onStepUpRequired(null);
  }, []);
  const close = (proved: boolean) => {
    setOpen(false);
    form.resetFields();
    const p = pending.current;
    pending.current = null;
    if (proved) p?.resolve();
    else p?.reject();
  };
  const submit = async ({ code }: { code: string }) => {
    setBusy(true);
    setError(null);
    try {
      await post("auth/step-up", { method: recovery ? "recovery" : "totp", code } satisfies SecondFactorCode);
      close(true);
    } catch (e) {
      const failure = e as ApiError;
      setError(failure.code === "invalid_code" ? "The code is wrong or was used already." : failure.message);
      form.resetFields();
    } finally {
      setBusy(false);
    }
  };
  const usePasskey = async () => {
    setBusy(true);
    setError(null);
    try {
      const credential = await passkeyAnswer("auth/step-up/options");
      await post("auth/step-up", { method: "webauthn", credential });
      close(true);
    } catch (e) {
      setError((e as ApiError).code === "invalid_code" ? "The passkey was not accepted." : passkeyError(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    // above any confirmation dialog whose request asked for it (antd puts those at 2000; the dialog waits underneath)
    <Modal title="Confirm it is you" open={open} onCancel={() => close(false)} destroyOnClose zIndex={2100}
           okText="Confirm" okButtonProps={{ id: "step-up-ok", loading: busy }} onOk={() => form.submit()}>
      <p>This action needs a second factor proved in the last few minutes.</p>
      {passkeys && passkeysSupported() && (
        <Button block id="step-up-passkey" style={{ marginBottom: 16 }} onClick={usePasskey} disabled={busy}>
          Use a passkey
        </Button>
      )}
      {error && <Alert id="step-up-error" type="error" showIcon message={error} style={{ marginBottom: 16 }} />}
      <Form form={form} layout="vertical" onFinish={submit} id="step-up-form">
        <Form.Item label={recovery ? "Recovery code" : "Code from your authenticator app"} name="code" htmlFor="step-up-code"
                   rules={[{ required: true, message: "Enter the code" }]}>
          <Input id="step-up-code" autoComplete="one-time-code" autoFocus />
        </Form.Item>
      </Form>
      <Button type="link" id="step-up-toggle" style={{ paddingInline: 0 }} onClick={() => setRecovery(!recovery)}>
        {recovery ? "Use the authenticator app" : "Use a recovery code"}
      </Button>
    </Modal>
  );
}
