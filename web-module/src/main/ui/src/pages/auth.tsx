// Sign-in, first-run bootstrap and password reset (docs/admin-api.md, "Sign-in"). Sign-in goes through Refine's
// useLogin (the authProvider's login over POST /admin-api/auth/login); the page keeps its own form, messages and
// element ids rather than Refine's AuthPage (see docs/decisions/admin-ui-on-refine-building-blocks.md).
import { useEffect, useState, type ReactNode } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { useLogin } from "@refinedev/core";
import { Alert, Button, Card, Form, Input, Result, Typography, type FormInstance } from "antd";
import { get, post, type ApiError } from "../api";
import { useSession } from "../session";
import { passkeyAnswer, passkeyError, passkeysSupported } from "../passkeys";
import type { AuthMethods, BootstrapRequest, Credentials, PasswordResetCompletion, PasswordResetRequest,
  SecondFactorCode } from "../types";

function Centered({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div style={{ minHeight: "100vh", display: "flex", justifyContent: "center", alignItems: "flex-start",
                  paddingTop: "12vh", background: "#f5f5f5" }}>
      <Card style={{ width: 400 }} title={<span><b>Warden</b> · {title}</span>}>{children}</Card>
    </div>
  );
}

/** Field errors of a 422 body on an antd form; returns the message for the rest. */
function applyErrors(form: FormInstance, e: ApiError): string {
  if (e.errors) {
    const known = form.getFieldsValue(true) as Record<string, unknown>;
    const fields = Object.entries(e.errors).filter(([name]) => name in known)
      .map(([name, errors]) => ({ name, errors: ([] as string[]).concat(errors as string[]) }));
    form.setFields(fields);
  }
  return e.message || "Something went wrong";
}

/** Messages for the reasons a refused SSO sign-in comes back with (`/admin/?sso_error=<reason>`; docs/sso.md). */
const SSO_ERRORS: Record<string, (provider: string) => string> = {
  no_role: (p) => `Your groups at ${p} give no access to Warden; ask an admin.`,
  banned: () => "This account is banned.",
  bad_state: () => "The sign-in expired or was started in another tab; try again.",
  email_taken: () => "An account with this email exists and is not linked to your sign-in; ask an admin.",
};

/** The sign-in methods the server offers (`GET /admin-api/auth/methods`): `{password, sso}`. */
export async function signInMethods(): Promise<AuthMethods> {
  try {
    return (await get<AuthMethods>("auth/methods")).data;
  } catch {
    return { password: true, sso: null };
  }
}

export function SignIn({ expired }: { expired?: boolean }) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [form] = Form.useForm<Credentials>();
  const [methods, setMethods] = useState<AuthMethods | null>(null);
  const [error, setError] = useState<string | null>(expired ? "Your session has ended; sign in again." : null);
  // Refine's login mutation; its own onSuccess (a toast on failure, a redirect) is replaced: the page shows the
  // failure in place, and the public routes' <Authenticated> moves on once the session has the operator
  const { mutateAsync: login, isPending: busy } = useLogin<Credentials>({
    mutationOptions: { onSuccess: () => {} },
  });
  useEffect(() => {
    signInMethods().then((m) => {
      setMethods(m);
      const reason = params.get("sso_error");
      if (reason) {
        const message = SSO_ERRORS[reason];
        setError(message ? message(m.sso ? m.sso.provider : "your provider") : "Single sign-on failed; try again.");
        window.history.replaceState(null, "", window.location.pathname + window.location.hash);
      }
      if (m.password) {
        get<{ needed: boolean }>("auth/bootstrap")
          .then((r) => r.data.needed && navigate("/bootstrap", { replace: true })).catch(() => {});
      }
    });
  }, [navigate, params]);
  const [secondStep, setSecondStep] = useState<string[] | null>(null);
  const submit = async (values: Credentials) => {
    setError(null);
    const { success, error: failure } = await login(values);
    if (!success) {
      const e = (failure ?? { message: "Sign-in failed", statusCode: 0 }) as ApiError & { methods?: string[] };
      if (e.code === "mfa_required") setSecondStep(e.methods ?? []);
      else setError(e.statusCode === 401 ? "Wrong email or password." : applyErrors(form, e));
    }
  };
  const session = useSession();
  const [passkeyBusy, setPasskeyBusy] = useState(false);
  // passwordless: a discoverable passkey with user verification is both factors (docs/security.md, "Passkeys")
  const signInWithPasskey = async () => {
    setError(null);
    setPasskeyBusy(true);
    try {
      const credential = await passkeyAnswer("auth/mfa/webauthn/login-options");
      await post("auth/mfa/webauthn/login", { credential });
      await session.reload();
    } catch (e) {
      const failure = e as ApiError;
      setError(failure.code === "invalid_credentials" ? "This passkey does not sign in here." : passkeyError(e));
    } finally {
      setPasskeyBusy(false);
    }
  };
  const password = !methods || methods.password;
  if (secondStep) {
    return (
      <Centered title="Second factor">
        <SecondStep methods={secondStep} onRestart={(message) => { setSecondStep(null); setError(message); }} />
      </Centered>
    );
  }
  return (
    <Centered title="Sign in">
      {error && <Alert id="sign-in-error" type="error" showIcon message={error} style={{ marginBottom: 16 }} />}
      {methods && methods.sso && (
        <Button id="sign-in-sso" block href={methods.sso.start} style={{ marginBottom: password ? 16 : 0 }}>
          Sign in with {methods.sso.provider}
        </Button>
      )}
      {password && (
        <>
          <Form form={form} layout="vertical" onFinish={submit} id="sign-in-form">
            <Form.Item label="Email" name="email" rules={[{ required: true, message: "Enter your email" }]}>
              <Input id="email" autoComplete="username" autoFocus />
            </Form.Item>
            <Form.Item label="Password" name="password" rules={[{ required: true, message: "Enter your password" }]}>
              <Input.Password id="password" autoComplete="current-password" />
            </Form.Item>
            <Button type="primary" htmlType="submit" block loading={busy} id="sign-in">Sign in</Button>
          </Form>
          {passkeysSupported() && (
            <Button block id="sign-in-passkey" style={{ marginTop: 16 }} loading={passkeyBusy} onClick={signInWithPasskey}>
              Sign in with a passkey
            </Button>
          )}
          <div style={{ marginTop: 16 }}>
            <Link to="/password-reset" id="forgot-password">Forgot your password?</Link>
          </div>
        </>
      )}
    </Centered>
  );
}

/**
 * The second step of a sign-in (docs/security.md, "Second factors and step-up"): a code from the authenticator app or
 * a recovery code, sent with the pending sign-in's cookie to `POST /auth/mfa/verify`; 429 or an ended sign-in goes
 * back to the password.
 */
function SecondStep({ methods, onRestart }: { methods: string[]; onRestart: (message: string) => void }) {
  const session = useSession();
  const [form] = Form.useForm<{ code: string }>();
  const [recovery, setRecovery] = useState(!methods.includes("totp"));
  const usePasskey = async () => {
    setBusy(true);
    setError(null);
    try {
      const credential = await passkeyAnswer("auth/mfa/webauthn/verify-options");
      await post("auth/mfa/verify", { method: "webauthn", credential });
      await session.reload();
    } catch (err) {
      const e = err as ApiError;
      if (e.statusCode === 429) onRestart("Too many failed attempts. Sign in with your password again.");
      else if (e.code === "unauthenticated") onRestart("The sign-in expired. Sign in with your password again.");
      else setError(e.code === "invalid_code" ? "The passkey was not accepted." : passkeyError(err));
    } finally {
      setBusy(false);
    }
  };
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async ({ code }: { code: string }) => {
    setBusy(true);
    setError(null);
    try {
      await post("auth/mfa/verify", { method: recovery ? "recovery" : "totp", code } satisfies SecondFactorCode);
      await session.reload();
    } catch (err) {
      const e = err as ApiError;
      if (e.statusCode === 429) onRestart("Too many wrong codes. Sign in with your password again.");
      else if (e.code === "unauthenticated") onRestart("The sign-in expired. Sign in with your password again.");
      else setError(e.code === "invalid_code" ? "The code is wrong or was used already." : e.message);
      form.resetFields();
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      {error && <Alert id="mfa-error" type="error" showIcon message={error} style={{ marginBottom: 16 }} />}
      <Form form={form} layout="vertical" onFinish={submit} id="mfa-form">
        <Form.Item label={recovery ? "Recovery code" : "Code from your authenticator app"} name="code" htmlFor="mfa-code"
                   rules={[{ required: true, message: "Enter the code" }]}>
          <Input id="mfa-code" autoComplete="one-time-code" inputMode={recovery ? "text" : "numeric"} autoFocus />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={busy} id="mfa-verify">Verify</Button>
      </Form>
      {methods.includes("webauthn") && passkeysSupported() && (
        <Button block id="mfa-passkey" style={{ marginTop: 8 }} onClick={usePasskey} disabled={busy}>Use a passkey</Button>
      )}
      {methods.includes("totp") && methods.includes("recovery") && (
        <Button type="link" id="mfa-toggle" style={{ marginTop: 8, paddingInline: 0 }}
                onClick={() => { setRecovery(!recovery); form.resetFields(); }}>
          {recovery ? "Use the authenticator app" : "Use a recovery code"}
        </Button>
      )}
    </>
  );
}

export function Bootstrap() {
  const session = useSession();
  const [form] = Form.useForm();
  const [state, setState] = useState({ checked: false, needed: true });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    get<{ needed: boolean }>("auth/bootstrap").then((r) => setState({ checked: true, needed: r.data.needed }))
      .catch(() => setState({ checked: true, needed: true }));
  }, []);
  const submit = async ({ confirm: _confirm, ...values }: BootstrapRequest & { confirm: string }) => {
    setBusy(true);
    setError(null);
    try {
      await post("auth/bootstrap", values satisfies BootstrapRequest);
      await session.reload();
    } catch (err) {
      const e = err as ApiError;
      if (e.statusCode === 409 && /admin/i.test(e.message)) setState({ checked: true, needed: false });
      else if (e.statusCode === 403) setError("The setup token is wrong.");
      else setError(applyErrors(form, e));
    } finally {
      setBusy(false);
    }
  };
  if (state.checked && !state.needed) {
    return (
      <Centered title="First run">
        <Result status="info" title="Warden is already set up" subTitle="An admin exists. Sign in instead."
                extra={<Link to="/login">Go to sign-in</Link>} />
      </Centered>
    );
  }
  return (
    <Centered title="Create the first admin">
      <Typography.Paragraph type="secondary">
        No admin exists yet. The account you create here becomes the first admin. You need the setup
        token: the value of <Typography.Text code>WARDEN_SETUP_TOKEN</Typography.Text> when it is set, else the
        token on the server log line <Typography.Text code>Warden setup token: …</Typography.Text>.
      </Typography.Paragraph>
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} />}
      <Form form={form} layout="vertical" onFinish={submit} id="bootstrap-form">
        <Form.Item label="Setup token" name="setup_token" rules={[{ required: true, message: "Enter the setup token" }]}>
          <Input.Password id="bootstrap-token" autoComplete="off" />
        </Form.Item>
        <Form.Item label="Email" name="email" rules={[{ required: true, type: "email" }]}>
          <Input id="bootstrap-email" autoComplete="username" />
        </Form.Item>
        <Form.Item label="Display name" name="display_name">
          <Input id="bootstrap-name" />
        </Form.Item>
        <Form.Item label="Password" name="password" rules={[{ required: true }]}>
          <Input.Password id="bootstrap-password" autoComplete="new-password" />
        </Form.Item>
        <Form.Item label="Repeat the password" name="confirm" dependencies={["password"]}
                   rules={[{ required: true }, ({ getFieldValue }) => ({
                     validator: (_, v) => (!v || v === getFieldValue("password") ? Promise.resolve()
                       : Promise.reject(new Error("The passwords differ"))),
                   })]}>
          <Input.Password id="bootstrap-confirm" autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={busy} id="bootstrap-submit">Create admin</Button>
      </Form>
    </Centered>
  );
}

/** Without ?token: ask for a reset link. With ?token (the link the server sends): set a new password. */
export function PasswordReset() {
  const [params] = useSearchParams();
  const token = params.get("token");
  const [form] = Form.useForm();
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (values: { email?: string; password?: string }) => {
    setBusy(true);
    setError(null);
    try {
      if (token) await post("auth/password-reset/complete", { token, password: values.password ?? "" } satisfies PasswordResetCompletion);
      else await post("auth/password-reset", { email: values.email ?? "" } satisfies PasswordResetRequest);
      setDone(true);
    } catch (e) {
      setError(applyErrors(form, e as ApiError));
    } finally {
      setBusy(false);
    }
  };
  if (done) {
    return (
      <Centered title={token ? "New password" : "Reset your password"}>
        <div id="reset-done"><Result status="success"
                title={token ? "Your password is changed" : "Check your mail"}
                subTitle={token ? "Every session of your account was ended. Sign in with the new password."
                  : "If an account exists for that email, a reset link is on its way. It is valid for one hour."}
                extra={<Link to="/login">Go to sign-in</Link>} /></div>
      </Centered>
    );
  }
  return (
    <Centered title={token ? "New password" : "Reset your password"}>
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} />}
      <Form form={form} layout="vertical" onFinish={submit} id="reset-form">
        {token ? (
          <Form.Item label="New password" name="password" rules={[{ required: true }]}>
            <Input.Password id="reset-password" autoComplete="new-password" />
          </Form.Item>
        ) : (
          <Form.Item label="Email" name="email" rules={[{ required: true, type: "email" }]}>
            <Input id="reset-email" autoComplete="username" />
          </Form.Item>
        )}
        <Button type="primary" htmlType="submit" block loading={busy} id="reset-submit">
          {token ? "Set the new password" : "Send me a reset link"}
        </Button>
      </Form>
      <div style={{ marginTop: 16 }}><Link to="/login">Back to sign-in</Link></div>
    </Centered>
  );
}
