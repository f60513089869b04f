import { op } from './op.ts';

const AUTHN = '/_api/iam/authentication/v2';
const VERIFY = '/_api/iam/verification/v1/auth';

// Authentication (docs/spec/wire-protocol.md §3).
export const login = op('POST', `${AUTHN}/login`);
export const register = op('POST', `${AUTHN}/register`);
export const changePassword = op('POST', `${AUTHN}/change-password`);
export const verify = op('POST', `${VERIFY}/verify`);
export const resend = op('POST', `${VERIFY}/resend`);
export const sendRecoveryEmail = op('POST', '/_api/iam/recovery/v1/send-email');
export const recover = op('POST', '/_api/iam/recovery/v1/recover');

// Second factors and required sign-up fields (issue 42, docs/wire.md "Second factors, passkeys and required fields").
/**
 * Complete (or switch to) a second factor of a login in state MFA_CHALLENGE: `{factorType}` is the FactorType enum
 * value as spelled (`TOTP`, `EMAIL`, `SMS`, `WEBAUTHN`); body `VerifyRequest`. No generated client has it (the spec's
 * `POST /v2/{factorType}/verify`).
 */
export const verifyFactor = op('POST', `${AUTHN}/{factorType}/verify`);
