import { describe, expect, it } from 'vitest';
import { InlayApiError, fromResponse } from './errors.ts';

describe('fromResponse', () => {
  it('keeps the server applicationError, message and request id', () => {
    const e = fromResponse(
      428,
      {
        message: 'FAILED_PRECONDITION: Missing Token',
        details: { applicationError: { code: 'MISSING_TOKEN', description: 'd', data: { x: 1 } } },
      },
      'req-1',
    );
    expect(e).toBeInstanceOf(InlayApiError);
    expect(e).toBeInstanceOf(Error);
    expect(e).toMatchObject({
      name: 'InlayApiError',
      kind: 'http',
      status: 428,
      message: 'FAILED_PRECONDITION: Missing Token',
      applicationError: { code: 'MISSING_TOKEN', description: 'd', data: { x: 1 } },
      requestId: 'req-1',
    });
    expect(e.fieldViolations).toBeUndefined();
  });

  it('stringifies numeric codes (the login error catalogue)', () => {
    expect(
      fromResponse(400, { message: 'm', details: { applicationError: { code: -19976 } } }).applicationError?.code,
    ).toBe('-19976');
  });

  it('reads field violations and defaults the applicationError to the status', () => {
    const body = {
      message: 'INVALID_ARGUMENT',
      details: {
        validationError: {
          fieldViolations: [
            {
              field: 'loginId.email',
              description: 'must be an email',
              violatedRule: 'FORMAT',
              ruleName: 'EMAIL',
              data: { type: 'EMAIL' },
            },
            'junk',
          ],
        },
      },
    };
    const e = fromResponse(400, body, 'rid');
    expect(e.fieldViolations).toEqual([
      {
        field: 'loginId.email',
        description: 'must be an email',
        violatedRule: 'FORMAT',
        ruleName: 'EMAIL',
        data: { type: 'EMAIL' },
      },
    ]);
    expect(e.applicationError).toEqual({
      code: '400',
      description: 'INVALID_ARGUMENT',
      data: { requestId: 'rid', details: body },
    });
    expect(e.requestId).toBe('rid');
  });

  it('copes with bodies that are not platform errors', () => {
    expect(fromResponse(502, '<html>Bad gateway</html>', null)).toMatchObject({
      status: 502,
      message: '<html>Bad gateway</html>',
      applicationError: { code: '502' },
      requestId: undefined,
    });
    expect(fromResponse(500, undefined).message).toBe('HTTP 500');
    expect(fromResponse(500, { details: null }).message).toBe('HTTP 500');
  });

  it('network errors have status 0', () => {
    expect(new InlayApiError({ kind: 'network', message: 'x' }).status).toBe(0);
  });
});
