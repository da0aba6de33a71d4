// Passkeys in the browser (docs/security.md, "Passkeys"): the server's options (JSON, byte fields base64url) become
// the objects navigator.credentials.create() and .get() take, and the browser's PublicKeyCredential goes back as JSON
// with base64url byte fields, the shape POST /auth/mfa/webauthn, /auth/mfa/verify, /auth/step-up and
// /auth/mfa/webauthn/login read.
import { post } from "./api";

type Json = Record<string, unknown>;

const fromB64 = (text: string): ArrayBuffer => {
  const b64 = text.replace(/-/g, "+").replace(/_/g, "/").padEnd(Math.ceil(text.length / 4) * 4, "=");
  const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
  return bytes.buffer;
};

const toB64 = (buffer: ArrayBuffer): string => {
  let text = "";
  new Uint8Array(buffer).forEach((b) => { text += String.fromCharCode(b); });
  return btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
};

const descriptors = (list: unknown) =>
  ((list as { type: "public-key"; id: string }[]) ?? []).map((d) => ({ type: d.type, id: fromB64(d.id) }));

/** True when this browser can use passkeys at all. */
export const passkeysSupported = (): boolean => typeof window !== "undefined" && !!window.PublicKeyCredential;

/** Creates a passkey for the registration options `o`; the credential as JSON. */
export async function createPasskey(o: Json): Promise<Json> {
  const user = o.user as { id: string; name: string; displayName: string };
  const credential = (await navigator.credentials.create({
    publicKey: {
      ...(o as unknown as PublicKeyCredentialCreationOptions),
      challenge: fromB64(o.challenge as string),
      user: { ...user, id: fromB64(user.id) },
      excludeCredentials: descriptors(o.excludeCredentials),
    },
  })) as PublicKeyCredential;
  const response = credential.response as AuthenticatorAttestationResponse;
  return {
    id: credential.id, type: credential.type,
    response: { clientDataJSON: toB64(response.clientDataJSON), attestationObject: toB64(response.attestationObject) },
  };
}

/** Asks a passkey to answer the assertion options `o`; the credential as JSON. */
export async function getPasskey(o: Json): Promise<Json> {
  const credential = (await navigator.credentials.get({
    publicKey: {
      ...(o as unknown as PublicKeyCredentialRequestOptions),
      challenge: fromB64(o.challenge as string),
      allowCredentials: descriptors(o.allowCredentials),
    },
  })) as PublicKeyCredential;
  const response = credential.response as AuthenticatorAssertionResponse;
  return {
    id: credential.id, type: credential.type,
    response: {
      clientDataJSON: toB64(response.clientDataJSON), authenticatorData: toB64(response.authenticatorData),
      signature: toB64(response.signature), userHandle: response.userHandle ? toB64(response.userHandle) : null,
    },
  };
}

/** Fetches assertion options from `optionsPath` and answers them with a passkey; the credential as JSON. */
export async function passkeyAnswer(optionsPath: string): Promise<Json> {
  return getPasskey(await post<Json>(optionsPath));
}

/** A message for a failed passkey ceremony: the browser's refusals (cancelled, timed out) or the server's. */
export function passkeyError(e: unknown): string {
  if (e instanceof DOMException) {
    return e.name === "NotAllowedError" ? "The passkey request was cancelled or timed out." : e.message;
  }
  return (e as { message?: string }).message ?? "The passkey did not work.";
}
