import { describe, expect, it } from 'vitest';
import { TershError, isTershError } from '../src/index.js';

describe('TershError', () => {
  it('carries a code and is recognised by its brand', () => {
    const error = new TershError('RECORD_NOT_FOUND', 'no record r1', { details: { id: 'r1' } });
    expect(error.code).toBe('RECORD_NOT_FOUND');
    expect(error.details).toEqual({ id: 'r1' });
    expect(isTershError(error)).toBe(true);
    expect(error).toBeInstanceOf(Error);
  });

  it('does not recognise a look-alike without the brand', () => {
    expect(isTershError(Object.assign(new Error('x'), { code: 'RECORD_NOT_FOUND' }))).toBe(false);
    expect(isTershError(null)).toBe(false);
  });
});
