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
