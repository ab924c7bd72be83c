import { describe, expect, it } from 'vitest';
import { UNSAFE_ErrorResponseImpl as ErrorResponse } from 'react-router-dom';
import { serializeForScript } from '../../../../shared/serialize-for-script';
import { serializeRouteErrors } from '../../../../server/render/serialize';

describe('serializeForScript', () => {
  it('cannot close the script element or open a comment, and parses back to the same value', () => {
    const value = { sum: '</script><script>alert(1)</script><!-- & \u2028 \u2029', n: 1 };
    const text = serializeForScript(value);
    expect(text).not.toMatch(/<|>|&|\u2028|\u2029/);
    expect(JSON.parse(text)).toEqual(value);
  });
});

describe('serializeRouteErrors', () => {
  it('keeps route error responses and hides other errors behind a bare 500', () => {
    const notFound = new ErrorResponse(404, '', { reason: 'not-found' });
    expect(serializeRouteErrors({ a: notFound, b: new Error('password=secret at db.internal:5432') })).toEqual({
      a: { status: 404, statusText: '', data: { reason: 'not-found' } },
      b: { status: 500, statusText: 'Internal Server Error', data: null },
    });
    expect(serializeRouteErrors(null)).toBeNull();
  });
});
