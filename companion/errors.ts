/**
 * The companion's errors, in the platform's error format (emulator/errors.ts, core/errors.ts), so the widgets' own
 * error handling (core's InlayApiError) reads them: `{message, details: {applicationError: {code, description, data}}}`
 * or `{message, details: {validationError: {fieldViolations}}}`. A secret never goes into one: messages are fixed
 * texts, and platform failures are rebuilt from their code and description only.
 */

export interface FieldViolation {
  field: string;
  description: string;
  violatedRule: string;
}

export class CompanionError extends Error {
  readonly status: number;
  readonly code: string;
  readonly headers: Record<string, string>;
  readonly fieldViolations: FieldViolation[] | undefined;
  readonly description: string;
  /** More of `applicationError.data` beside the request id (e.g. a refusal's reason). */
  readonly data: Record<string, unknown>;

  constructor(
    status: number,
    code: string,
    message: string,
    opts: {
      headers?: Record<string, string>;
      fieldViolations?: FieldViolation[];
      description?: string;
      data?: Record<string, unknown>;
    } = {},
  ) {
    super(message);
    this.name = 'CompanionError';
    this.status = status;
    this.code = code;
    this.headers = opts.headers ?? {};
    this.fieldViolations = opts.fieldViolations;
    this.description = opts.description ?? message;
    this.data = opts.data ?? {};
  }

  body(requestId: string): unknown {
    if (this.fieldViolations) {
      return { message: this.message, details: { validationError: { fieldViolations: this.fieldViolations } } };
    }
    return {
      message: this.message,
      details: {
        applicationError: { code: this.code, description: this.description, data: { ...this.data, requestId } },
      },
    };
  }
}

export const badInput = (field: string, description: string, violatedRule = 'VALIDATION') =>
  new CompanionError(400, 'INVALID_ARGUMENT', `Invalid request: ${field ? `${field} ` : ''}${description}`, {
    fieldViolations: [{ field, description, violatedRule }],
  });
export const badRequest = (code: string, message: string) => new CompanionError(400, code, message);
export const unauthenticated = (message = 'Missing, invalid or expired token') =>
  new CompanionError(401, 'UNAUTHENTICATED', message);
export const forbidden = (code: string, message: string) => new CompanionError(403, code, message);
export const notFound = (message = 'Not found') => new CompanionError(404, 'NOT_FOUND', message);
export const tooLarge = (code: string, limit: number) =>
  new CompanionError(413, code, `Request body is larger than ${limit} bytes`);
export const unsupportedType = (message: string) => new CompanionError(415, 'UNSUPPORTED_MEDIA_TYPE', message);
export const tooMany = (retryAfterSeconds: number) =>
  new CompanionError(429, 'RESOURCE_EXHAUSTED', 'Too many requests; try again later', {
    headers: { 'Retry-After': String(retryAfterSeconds) },
  });
export const platformFailed = () =>
  new CompanionError(502, 'PLATFORM_UNAVAILABLE', 'The platform did not answer as expected; try again later');
