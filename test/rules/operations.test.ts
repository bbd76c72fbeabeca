import jsonLogic from 'json-logic-js';
import { findBy, get, registerOperations } from '../../rules/operations';

const statuses = [
  { status_type: 'LOB', status_value: 'Pending' },
  { status_type: 'Agreement', status_value: 'Sent' },
  { status_type: 'Agreement', status_value: 'Approved' },
];

describe('findBy()', () => {
  it('finds the first entry whose key equals the value', () => {
    expect(findBy(statuses, 'status_type', 'Agreement')).toEqual({ status_type: 'Agreement', status_value: 'Sent' });
  });

  it('compares strictly and answers null when nothing matches', () => {
    expect(findBy([{ id: 1 }], 'id', '1')).toBeNull();
    expect(findBy(statuses, 'status_type', 'WEBSITE')).toBeNull();
  });

  it('answers null for a value that is not a list, and skips entries that are not objects', () => {
    expect(findBy(null, 'status_type', 'LOB')).toBeNull();
    expect(findBy([null, 3, { name: 'x' }], 'name', 'x')).toEqual({ name: 'x' });
  });
});

describe('get()', () => {
  const labels = { verified: 'Success', 'Website OK': 'Website OK', empty: null };

  it('reads an own property by a computed key, spaces included', () => {
    expect(get(labels, 'verified')).toBe('Success');
    expect(get(labels, 'Website OK')).toBe('Website OK');
  });

  it('answers the fallback for a missing key, a null key or a value that is not an object', () => {
    expect(get(labels, 'unknown', 'Pending')).toBe('Pending');
    expect(get(labels, null, 'Pending')).toBe('Pending');
    expect(get(null, 'verified')).toBeNull();
  });

  it('keeps a stored null and ignores inherited properties', () => {
    expect(get(labels, 'empty', 'x')).toBeNull();
    expect(get(labels, 'constructor', 'x')).toBe('x');
    expect(get(labels, 'toString')).toBeNull();
  });
});

describe('registerOperations()', () => {
  it('makes plain json-logic-js understand the rules files', () => {
    registerOperations(jsonLogic);
    const rule = { get: [{ findBy: [{ var: 'statuses' }, 'status_type', 'LOB'] }, 'status_value'] };
    expect(jsonLogic.apply(rule as never, { statuses })).toBe('Pending');
  });
});
