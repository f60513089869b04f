import { atom } from 'nanostores';
import type { InlayContext } from '../../core/context.ts';
import { InlayApiError } from '../../core/errors.ts';
import type { Translator } from '../../core/i18n/index.ts';
import type { LoginState, StateMachineResponse } from '../../core/api/identity.ts';
import {
  CODE_FACTORS,
  FACTOR_RESEND_MS,
  readFields,
  readMfa,
  sendFields,
  verifyFactor,
  type FieldValue,
  type RequiredField,
  type WebAuthnChallenge,
} from '../../core/api/identity-factors.ts';
import { challengeStrings } from './challenge-strings.ts';
import type { LoginUi, Step } from './model.ts';

type Key = keyof typeof challengeStrings;
/** The part's translator, typed by its dictionary. */
export type CT = Translator<Key>;

/** What the second-factor and required-fields steps show. */
export interface ChallengeUi {
  /** The factor asked for now; none when the member has no factor Inlay can ask for. */
  factor?: string;
  /** Every factor the member may use (the current one included). */
  factors: string[];
  reason?: string;
  /** The platform's hint: where a code went (a masked address or number). */
  hint?: string;
  /** When "Send again" is allowed (epoch ms), for factors whose code is sent. */
  resendAt?: number;
  /** The sign-up form's required fields the platform named. */
  fields: RequiredField[];
}

/** What the login model lends the part: its context, its busy/error handling, and its way to go on. */
export interface ChallengeHost {
  context: InlayContext;
  email: () => string;
  stateToken: () => string;
  /** The login model's `run`: one action at a time, a thrown failure told on the form. */
  run: (fn: () => Promise<unknown>) => Promise<void>;
  set: (p: Partial<LoginUi>) => void;
  /** Go on with the platform's next answer (SUCCESS: the same silent sign-in as a password's). */
  finish: (r: LoginState) => Promise<void>;
  now: () => number;
  /** The browser's WebAuthn (tests give their own); undefined where there is none. */
  credentials?: () => Pick<CredentialsContainer, 'get'> | undefined;
}

/** Factors whose code the platform sends (email, text, call): they have "Send again". */
const SENT = ['EMAIL', 'SMS', 'CALL'];

// base64url ↔ bytes, by hand (WebAuthn's JSON forms)
const bytes = (s: string) => Uint8Array.from(atob(s.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
const b64u = (b: ArrayBuffer | null | undefined) =>
  b
    ? btoa(String.fromCharCode(...new Uint8Array(b)))
        .replace(/\+/g, '-')
        .replace(/\//g, '_')
        .replace(/=+$/, '')
    : null;

/** PublicKeyCredentialRequestOptions from the platform's JSON (the challenge and credential ids as bytes). */
export function requestOptions(json: string): PublicKeyCredentialRequestOptions {
  const { challenge, allowCredentials, ...rest } = JSON.parse(json) as {
    challenge: string;
    allowCredentials?: { id: string; type: 'public-key'; transports?: AuthenticatorTransport[] }[];
  };
  return {
    ...rest,
    challenge: bytes(challenge),
    ...(allowCredentials ? { allowCredentials: allowCredentials.map((c) => ({ ...c, id: bytes(c.id) })) } : {}),
  };
}

/** An assertion as JSON, `PublicKeyCredential.toJSON()`'s form (https://www.w3.org/TR/webauthn-3/#dom-publickeycredential-tojson). */
export function credentialJson(c: PublicKeyCredential): string {
  const r = c.response as AuthenticatorAssertionResponse;
  return JSON.stringify({
    id: c.id,
    rawId: b64u(c.rawId),
    type: c.type,
    authenticatorAttachment: c.authenticatorAttachment ?? undefined,
    clientExtensionResults: c.getClientExtensionResults?.() ?? {},
    response: {
      clientDataJSON: b64u(r.clientDataJSON),
      authenticatorData: b64u(r.authenticatorData),
      signature: b64u(r.signature),
      userHandle: b64u(r.userHandle) ?? undefined,
    },
  });
}

/** A required field's value checked as the platform checks it: the value to send, or why not. */
export function fieldValue(f: RequiredField, raw: string): FieldValue | Key {
  const v = raw.trim();
  if (!v) return 'fld.err.required';
  if (f.type === 'NUMBER') {
    const n = Number(v.replace(',', '.'));
    return Number.isFinite(n) ? { numValue: n } : 'fld.err.number';
  }
  if (f.type === 'DATE')
    return /^\d{4}-\d{2}-\d{2}$/.test(v) && !isNaN(Date.parse(v)) ? { dateValue: v } : 'fld.err.date';
  if (f.type === 'CHOICE') return f.options?.includes(v) ? { strValue: v } : 'fld.err.choice';
  return v.length > 1000 ? 'fld.err.long' : { strValue: v };
}

/**
 * The second-factor and required-fields steps' flows: a code (authenticator app, email, text, call, recovery code) or
 * a passkey, switching factor, sending a code again, "remember this device"; the fields the site's sign-up form
 * requires. Busy and errors are the login model's; every refusal keeps what was typed.
 */
export function createChallenge(host: ChallengeHost) {
  const { context } = host;
  const { http } = context.client;
  const tr = () => context.i18n().strings(challengeStrings);
  const t: CT = (key, params) => tr()(key, params);
  const $c = atom<ChallengeUi>({ factors: [], fields: [] });
  let webauthn: WebAuthnChallenge | undefined;
  const say = (errors: Record<string, string>) => host.set({ errors, notice: undefined });

  /**
   * A refusal in words: a wrong code on its field (a passkey's on the form), an expired sign-in, the lockout after
   * too many wrong answers (429, the state token spent), a code asked again too soon; anything else is the login
   * model's (offline, server errors).
   */
  const refused = (e: unknown, code?: string, passkey = false) => {
    if (e instanceof InlayApiError && e.status === 429)
      return say({ form: t(e.applicationError?.code === 'SEND_CODE_ERROR' ? 'mfa.err.wait' : 'mfa.err.tooMany') });
    if (e) throw e;
    if (code === 'NOT_FOUND') return say({ form: t('mfa.err.expired') });
    if (code === 'BAD_CODE' && !passkey) return say({ code: t('mfa.err.badCode') });
    say({
      form: t(passkey ? 'mfa.err.passkey' : code === 'FACTOR_NOT_AVAILABLE' ? 'mfa.err.none' : 'mfa.err.badCode'),
    });
  };

  /** Send to the platform (inside the login model's `run`): its next state goes on, its refusal is told. */
  async function settle(call: () => Promise<LoginState>, passkey = false) {
    let r: LoginState;
    try {
      r = await call();
    } catch (e) {
      return refused(e);
    }
    if (r.loginState === 'FAILURE') return refused(undefined, r.code, passkey);
    await host.finish(r);
  }

  /** A REQUIRE_MISSING_FIELDS or second-factor answer: which step to show, with what. */
  function take(a: StateMachineResponse): Step {
    if (a.state === 'REQUIRE_MISSING_FIELDS') {
      $c.set({ factors: [], fields: readFields(a) });
      return 'fields';
    }
    const m = readMfa(a);
    webauthn = m.webauthn;
    const factor = m.factor ?? m.factors[0];
    $c.set({
      factors: m.factors,
      fields: [],
      ...(factor ? { factor } : {}),
      ...(m.reason ? { reason: m.reason } : {}),
      ...(m.hint ? { hint: m.hint } : {}),
      ...(factor && SENT.includes(factor) ? { resendAt: host.now() + FACTOR_RESEND_MS } : {}),
    });
    return 'mfa';
  }

  /**
   * Start `factor` (switch to it, or send its code again): the platform sends its code or makes a new passkey challenge
   * and answers MFA_CHALLENGE for it, which the login model hands back to `take`.
   */
  const start = (factor: string, notice?: string) =>
    host.run(async () => {
      await settle(() => verifyFactor(http, { stateToken: host.stateToken(), factorType: factor }));
      if (notice && $c.get().factor === factor) host.set({ notice });
    });

  return {
    $c,
    t,
    take,
    /** Switch to another of the member's factors. */
    use: (factor: string) => start(factor),
    /** Send the current factor's code again (after its countdown). */
    resend: () => {
      const { factor, resendAt = 0 } = $c.get();
      return factor && resendAt <= host.now() ? start(factor, t('mfa.resent')) : Promise.resolve();
    },
    /** Answer with a typed code. */
    code(code: string, remember: boolean) {
      const factor = $c.get().factor!;
      code = code.replace(/\s/g, '');
      const ok = factor === 'RECOVERY_CODE' ? /^[\w-]{4,100}$/.test(code) : /^\d{4,10}$/.test(code);
      if (!ok) return say({ code: t('mfa.err.format') });
      return host.run(() =>
        settle(() =>
          verifyFactor(http, {
            stateToken: host.stateToken(),
            factorType: factor,
            rememberThisDevice: remember,
            data: { code },
          }),
        ),
      );
    },
    /** Answer with a passkey: the browser's prompt, then its assertion to the platform. */
    passkey(remember: boolean) {
      const creds = (
        host.credentials ?? (() => (globalThis.PublicKeyCredential ? navigator.credentials : undefined))
      )();
      if (!creds) return say({ form: t('mfa.err.noPasskey') });
      const challenge = webauthn;
      if (!challenge) return start('WEBAUTHN');
      return host.run(async () => {
        let credential: PublicKeyCredential;
        try {
          credential = (await creds.get({
            publicKey: requestOptions(challenge.publicKeyCredentialRequestOptionsJson),
          })) as PublicKeyCredential;
        } catch (e) {
          // NotAllowedError: the member closed the prompt, or it timed out; the challenge still stands
          return say({ form: t((e as Error).name === 'NotAllowedError' ? 'mfa.err.cancelled' : 'mfa.err.passkey') });
        }
        await settle(
          () =>
            verifyFactor(http, {
              stateToken: host.stateToken(),
              factorType: 'WEBAUTHN',
              rememberThisDevice: remember,
              data: { challengeId: challenge.challengeId, credential: credentialJson(credential) },
            }),
          true,
        );
      });
    },
    /** Send the required fields, each checked first as the platform checks it. */
    fields(form: Record<string, string>) {
      const values: Record<string, FieldValue> = {};
      const errors: Record<string, string> = {};
      for (const f of $c.get().fields) {
        const v = fieldValue(f, form[f.name] ?? '');
        if (typeof v === 'string') errors[`f.${f.name}`] = t(v, { n: 1000 });
        else values[f.name] = v;
      }
      if (Object.keys(errors).length) return say(errors);
      return host.run(async () => {
        try {
          await host.finish(await sendFields(http, host.email(), host.stateToken(), values));
        } catch (e) {
          const bad = e instanceof InlayApiError && e.status === 400 ? e.fieldViolations : undefined;
          if (!bad?.length) throw e;
          // the platform's own words, on the field it names
          say(Object.fromEntries(bad.map((v) => [`f.${v.field.replace('profile.customFields.', '')}`, v.description])));
        }
      });
    },
    isCode: (factor?: string) => !!factor && CODE_FACTORS.includes(factor),
    isSent: (factor?: string) => !!factor && SENT.includes(factor),
  };
}

export type Challenge = ReturnType<typeof createChallenge>;
