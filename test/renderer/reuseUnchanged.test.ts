import { reuseUnchanged } from '../../renderer/reuseUnchanged';

describe('reuseUnchanged()', () => {
  it('gives the previous object back when nothing changed', () => {
    const previous = { a: { __errors: ['x'] } };
    expect(reuseUnchanged(previous, { a: { __errors: ['x'] } })).toBe(previous);
  });

  it('gives new objects only on the way to what changed', () => {
    const previous = { a: { __errors: ['x'] }, b: { c: { __errors: ['y'] } }, d: { __errors: ['z'] } };

    const next = reuseUnchanged(previous, { a: { __errors: ['x'] }, b: { c: { __errors: ['w'] } }, d: { __errors: ['z'] } });

    expect(next).toEqual({ a: { __errors: ['x'] }, b: { c: { __errors: ['w'] } }, d: { __errors: ['z'] } });
    expect(next.a).toBe(previous.a);
    expect(next.d).toBe(previous.d);
    expect(next.b).not.toBe(previous.b);
  });

  it('drops what the next value no longer has', () => {
    expect(reuseUnchanged<Record<string, unknown>>({ a: 1, b: 2 }, { a: 1 })).toEqual({ a: 1 });
  });
});
