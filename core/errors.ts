/** What went wrong: no answer (`network`), too slow (`timeout`), a non-200 answer (`http`), an unexpected body (`parse`), or a bad setup (`config`). */
export type ErrorKind = 'network' | 'timeout' | 'http' | 'parse' | 'config';

/** `details.applicationError` of a platform error body; `code` is always a string. */
export interface ApplicationError {
  code: string;
  description?: string;
  data?: unknown;
}

/** One entry of `details.validationError.fieldViolations`. */
export interface FieldViolation {
  field: string;
  description: string;
  violatedRule: string;
  ruleName?: string;
  data?: unknown;
}

export interface InlayApiErrorInit {
  message: string;
  kind: ErrorKind;
  /** HTTP status; 0 when there was no answer. */
  status?: number;
  applicationError?: ApplicationError;
  fieldViolations?: FieldViolation[];
  requestId?: string;
  cause?: unknown;
}

/** The one error type of every platform call. The UI maps `kind` and `applicationError.code` to text. */
export class InlayApiError extends Error {
  override name = 'InlayApiError';
  status: number;
  kind: ErrorKind;
  applicationError?: ApplicationError;
  fieldViolations?: FieldViolation[];
  requestId?: string;

  constructor(init: InlayApiErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.kind = init.kind;
    this.status = init.status ?? 0;
    this.applicationError = init.applicationError;
    this.fieldViolations = init.fieldViolations;
    this.requestId = init.requestId;
  }
}

/**
 * No answer that can be trusted (no answer, too slow, an unreadable body, a 5xx): a write may have landed all the
 * same, so read the state back before saying it failed or offering to send it again.
 */
export const outcomeUnknown = (e: unknown): boolean =>
  e instanceof InlayApiError && (noAnswer(e) || e.kind === 'parse' || e.status >= 500);

/** No answer at all: offline, or too slow. */
export const noAnswer = (e: InlayApiError): boolean => e.kind === 'network' || e.kind === 'timeout';

/** What went wrong, in a line: an error's message, or anything else thrown as text. */
export const messageOf = (e: unknown): string => (e instanceof Error ? e.message : String(e));

const obj = (v: unknown): Record<string, unknown> | undefined =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/**
 * Build the error for a non-200 answer from the platform body
 * `{message, details: {applicationError} | {validationError: {fieldViolations}}}` (docs/spec/wire-protocol.md §9).
 * As in the SDK, the default `applicationError` is `{code: <status>, description: message}` and a server one wins.
 */
export function fromResponse(status: number, body: unknown, requestId?: string | null): InlayApiError {
  const b = obj(body);
  const details = obj(b?.details);
  const message =
    str(b?.message) || (typeof body === 'string' && body.trim() ? body.trim().slice(0, 200) : `HTTP ${status}`);
  const app = obj(details?.applicationError);
  const code = app?.code;
  const applicationError: ApplicationError =
    typeof code === 'string' || typeof code === 'number'
      ? { code: String(code), description: str(app?.description), data: app?.data }
      : { code: String(status), description: message, data: { requestId: requestId ?? undefined, details: body } };
  const raw = obj(details?.validationError)?.fieldViolations;
  const fieldViolations = Array.isArray(raw)
    ? raw
        .map(obj)
        .filter((v) => v !== undefined)
        .map((v): FieldViolation => ({
          field: str(v.field) ?? '',
          description: str(v.description) ?? '',
          violatedRule: str(v.violatedRule) ?? '',
          ruleName: str(v.ruleName),
          data: v.data,
        }))
    : undefined;
  return new InlayApiError({
    message,
    kind: 'http',
    status,
    applicationError,
    fieldViolations,
    requestId: requestId ?? undefined,
  });
}
