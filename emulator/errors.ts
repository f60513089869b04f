/**
 * The platform's error format (docs/spec/wire-protocol.md §9):
 * `{message, details: {applicationError: {code, description, data}}}` or
 * `{message, details: {validationError: {fieldViolations: [...]}}}`.
 * Handlers throw a {@link PlatformError}; the server renders it centrally.
 */

/** Server violation kinds, as listed in the spec (binding). */
export const VIOLATED_RULES = [
  'VALIDATION',
  'OTHER',
  'MAX',
  'MIN',
  'MAX_LENGTH',
  'MIN_LENGTH',
  'MAX_SIZE',
  'MIN_SIZE',
  'FORMAT',
  'DECIMAL_LTE',
  'DECIMAL_GTE',
  'DECIMAL_LT',
  'DECIMAL_GT',
  'DECIMAL_MAX_SCALE',
  'INVALID_ENUM_VALUE',
  'REQUIRED_FIELD',
  'FIELD_NOT_ALLOWED',
  'ONE_OF_ALIGNMENT',
  'EXACT_LENGTH',
  'EXACT_SIZE',
  'REQUIRED_ONE_OF_FIELD',
] as const;

/** One of the spec's violation kinds. */
export type ViolatedRule = (typeof VIOLATED_RULES)[number];

/** One entry of `details.validationError.fieldViolations`. */
export interface FieldViolation {
  /** Dotted path with bracketed indexes, e.g. `lineItems[0].quantity`; `""` for the whole body. */
  field: string;
  description: string;
  violatedRule: ViolatedRule;
  ruleName?: string;
  data?: Record<string, unknown>;
}

/** `details.applicationError`. */
export interface ApplicationError {
  code: string;
  description: string;
  data?: Record<string, unknown>;
}

/** The JSON body of every non-200 answer. */
export interface PlatformErrorBody {
  message: string;
  details: { applicationError: ApplicationError } | { validationError: { fieldViolations: FieldViolation[] } };
}

/** An error a handler throws to answer with the platform error format. */
export class PlatformError extends Error {
  readonly status: number;
  readonly applicationError: ApplicationError | undefined;
  readonly fieldViolations: FieldViolation[] | undefined;
  /** Extra response headers (e.g. `Allow` on 405). */
  readonly headers: Record<string, string>;

  constructor(
    status: number,
    message: string,
    details: { applicationError: ApplicationError } | { fieldViolations: FieldViolation[] },
    headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'PlatformError';
    this.status = status;
    this.applicationError = 'applicationError' in details ? details.applicationError : undefined;
    this.fieldViolations = 'fieldViolations' in details ? details.fieldViolations : undefined;
    this.headers = headers;
  }

  /** The wire body; `requestId` is added to `applicationError.data`. */
  toBody(requestId?: string): PlatformErrorBody {
    if (this.fieldViolations) {
      return { message: this.message, details: { validationError: { fieldViolations: this.fieldViolations } } };
    }
    const app = this.applicationError ?? { code: String(this.status), description: this.message };
    const data = { ...(app.data ?? {}), ...(requestId ? { requestId } : {}) };
    return { message: this.message, details: { applicationError: { ...app, data } } };
  }
}

function appError(
  status: number,
  code: string,
  message: string,
  data?: Record<string, unknown>,
  description?: string,
): PlatformError {
  return new PlatformError(status, message, {
    applicationError: { code, description: description ?? message, ...(data ? { data } : {}) },
  });
}

/** 400 with field violations (INVALID_ARGUMENT). */
export function badRequest(violations: FieldViolation[], message?: string): PlatformError {
  const summary = violations.map((v) => (v.field ? `${v.field} ${v.description}` : v.description)).join('; ');
  return new PlatformError(400, message ?? `Invalid request: ${summary}`, { fieldViolations: violations });
}

/** 400 with one field violation. */
export function invalidField(
  field: string,
  description: string,
  violatedRule: ViolatedRule = 'VALIDATION',
  data?: Record<string, unknown>,
): PlatformError {
  return badRequest([{ field, description, violatedRule, ...(data ? { data } : {}) }]);
}

/** 400 with an application error code (e.g. `INVALID_REFRESH_TOKEN`). */
export function badRequestApp(code: string, message: string, data?: Record<string, unknown>): PlatformError {
  return appError(400, code, message, data);
}

/** 401: missing, unknown or expired token. */
export function unauthorized(message = 'Missing or expired token', code = 'UNAUTHENTICATED'): PlatformError {
  return appError(401, code, message);
}

/** 403: the caller is known but may not do this. */
export function forbidden(message = 'Permission denied', code = 'PERMISSION_DENIED'): PlatformError {
  return appError(403, code, message);
}

/** 404: an entity or path that does not exist. */
export function notFound(message = 'Not found', code = 'NOT_FOUND', data?: Record<string, unknown>): PlatformError {
  return appError(404, code, message, data);
}

/** 405: the path exists with other methods. */
export function methodNotAllowed(allowed: string[]): PlatformError {
  return new PlatformError(
    405,
    'Method not allowed',
    { applicationError: { code: 'METHOD_NOT_ALLOWED', description: `Allowed: ${allowed.join(', ')}` } },
    { Allow: allowed.join(', ') },
  );
}

/** 409 ALREADY_EXISTS. */
export function conflict(
  message = 'Already exists',
  code = 'ALREADY_EXISTS',
  data?: Record<string, unknown>,
): PlatformError {
  return appError(409, code, message, data);
}

/** 413: request body over the limit. */
export function payloadTooLarge(limit: number): PlatformError {
  return appError(413, 'PAYLOAD_TOO_LARGE', `Request body is larger than ${limit} bytes`, { limit });
}

/** 428 FAILED_PRECONDITION. */
export function failedPrecondition(
  message: string,
  code = 'FAILED_PRECONDITION',
  data?: Record<string, unknown>,
): PlatformError {
  return appError(428, code, message, data);
}

/** 429 RESOURCE_EXHAUSTED. */
export function tooManyRequests(message = 'Too many requests', code = 'RESOURCE_EXHAUSTED'): PlatformError {
  return appError(429, code, message);
}

/** 500: an unexpected failure; the cause is logged, never sent. */
export function internalError(message = 'Internal server error'): PlatformError {
  return appError(500, 'INTERNAL', message);
}

/** Any status with an application error (used by fault injection). */
export function statusError(status: number, message: string, code: string): PlatformError {
  return appError(status, code, message);
}
