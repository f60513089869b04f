import * as z from 'zod/mini';
import type { Http } from '../http.ts';
import { ops, route } from '../urls.ts';
import { stateSchema, step, toLoginState, type LoginState, type StateMachineResponse } from './identity.ts';

// Second factors, passkeys and the sign-up form's required fields (issue 42): read from a MORE_REQUIRED answer and
// answered here. Only the on-demand part of <inlay-login> that asks for them imports this module.

const text = z.optional(z.nullable(z.string()));
const webauthnSchema = z.object({ challengeId: z.string(), publicKeyCredentialRequestOptionsJson: z.string() });
const mfaSchema = z.object({
  factorType: text,
  reason: text,
  availableFactors: z.optional(z.array(z.object({ factorType: z.string(), factorStatus: text }))),
  verificationChallengeData: z.optional(z.object({ webauthnData: z.optional(webauthnSchema), hint: text })),
});
const answerSchema = z.object({
  mfaChallengeData: z.optional(mfaSchema),
  requireMfaData: z.optional(mfaSchema),
});

/** A WebAuthn challenge: its id and the PublicKeyCredentialRequestOptions as JSON (base64url binary fields). */
export type WebAuthnChallenge = z.infer<typeof webauthnSchema>;

/** The platform's cool-down between two codes sent by email or text for one sign-in (429 SEND_CODE_ERROR before). */
export const FACTOR_RESEND_MS = 30000;

/** What a second-factor answer asks for: the factor to use now, the ones the member may switch to, why. */
export interface MfaChallenge {
  factor?: string;
  factors: string[];
  reason?: string;
  hint?: string;
  webauthn?: WebAuthnChallenge;
}

/** Factors Inlay can ask for inline: codes (typed) and passkeys. PUSH needs the platform's app, PASSWORD is the first. */
export const CODE_FACTORS = ['TOTP', 'EMAIL', 'SMS', 'CALL', 'RECOVERY_CODE'];
const USABLE = [...CODE_FACTORS, 'WEBAUTHN'];
// REQUIRE_ACTIVATION, REQUIRE_REENROLL and DISABLED_BY_RULE cannot be used to sign in
const ENABLED = ['ENABLED', 'ENABLED_BY_RULE'];

/** The second factor an answer asks for (`mfaChallengeData`, else `requireMfaData`); a `parse` error when malformed. */
export function readMfa(answer: StateMachineResponse): MfaChallenge {
  const r = answerSchema.parse(answer);
  const m = r.mfaChallengeData ?? r.requireMfaData ?? {};
  const factors = (m.availableFactors ?? [])
    .filter((f) => USABLE.includes(f.factorType) && (!f.factorStatus || ENABLED.includes(f.factorStatus)))
    .map((f) => f.factorType);
  const factor = m.factorType && USABLE.includes(m.factorType) ? m.factorType : undefined;
  if (factor && !factors.includes(factor)) factors.unshift(factor);
  const c = m.verificationChallengeData;
  return {
    factors,
    ...(factor ? { factor } : {}),
    ...(m.reason ? { reason: m.reason } : {}),
    ...(c?.hint ? { hint: c.hint } : {}),
    ...(c?.webauthnData ? { webauthn: c.webauthnData } : {}),
  };
}

/** The factor's data as `VerifyRequest` names it: `totpData`, `emailData`, `recoveryCodeData`, `webauthnData`… */
const dataKey = (factorType: string) =>
  factorType === 'RECOVERY_CODE'
    ? 'recoveryCodeData'
    : `${factorType === 'WEBAUTHN' ? 'webauthn' : factorType.toLowerCase()}Data`;

export interface FactorAnswer {
  stateToken: string;
  factorType: string;
  rememberThisDevice?: boolean;
  /** `{code}` for a code; `{challengeId, credential}` for a passkey; none to start the factor (send its code). */
  data?: Record<string, string>;
}

/** `POST /_api/iam/authentication/v2/{factorType}/verify`: the next state, or its refusal. Without `data` it starts
 * the factor (a code sent again, a new passkey challenge: docs/wire.md "Second factors…"). */
export const verifyFactor = (http: Http, { stateToken, factorType, rememberThisDevice, data }: FactorAnswer) =>
  step(
    http,
    route(ops.verifyFactor, { factorType }),
    {
      stateToken,
      factorType,
      ...(rememberThisDevice ? { rememberThisDevice } : {}),
      ...(data ? { [dataKey(factorType)]: data } : {}),
    },
    'verify',
  );

/** A required field of the site's sign-up form (`additionalData.missingFields`). */
export interface RequiredField {
  name: string;
  label: string;
  type: 'TEXT' | 'NUMBER' | 'DATE' | 'CHOICE';
  options?: string[];
}

const str = z.object({ strValue: z.string() });
const fieldsSchema = z.object({
  additionalData: z.object({
    missingFields: z.object({
      listValue: z.object({
        value: z.array(
          z.object({
            mapValue: z.object({
              value: z.object({
                name: str,
                label: z.optional(str),
                type: z.object({ strValue: z.enum(['TEXT', 'NUMBER', 'DATE', 'CHOICE']) }),
                options: z.optional(z.object({ listValue: z.object({ value: z.array(str) }) })),
              }),
            }),
          }),
        ),
      }),
    }),
  }),
});

/** The fields a REQUIRE_MISSING_FIELDS answer names; a `parse` error when malformed. */
export const readFields = (answer: StateMachineResponse): RequiredField[] =>
  fieldsSchema.parse(answer).additionalData.missingFields.listValue.value.map(({ mapValue: { value: f } }) => ({
    name: f.name.strValue,
    label: f.label?.strValue || f.name.strValue,
    type: f.type.strValue,
    ...(f.options ? { options: f.options.listValue.value.map((o) => o.strValue) } : {}),
  }));

/** A required field's value as the platform's `CustomValue`. */
export type FieldValue = { strValue: string } | { numValue: number } | { dateValue: string };

/**
 * Go on with the required fields filled (`loginV2` with the state token and `profile.customFields`, no password). A
 * refusal throws (a field's `fieldViolations[].field` is `profile.customFields.<name>`).
 */
export const sendFields = async (http: Http, email: string, stateToken: string, values: Record<string, FieldValue>) =>
  toLoginState(
    await http.request({
      ...ops.login,
      body: {
        loginId: { email },
        stateToken,
        profile: { customFields: Object.entries(values).map(([name, value]) => ({ name, value })) },
      },
      schema: stateSchema,
    }),
  );

export type { LoginState };
