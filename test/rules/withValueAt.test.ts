import { withValueAt } from '../../rules/withValueAt';

describe('withValueAt()', () => {
  it('sets the value at a path and shares everything off the path', () => {
    const other = { name: 'Ananya' };
    const data = { owner: other, bank: { ifsc: 'HDFC', accounts: [1] } };

    const next = withValueAt(data, ['bank', 'ifsc'], 'SBIN') as typeof data;

    expect(next).toEqual({ owner: { name: 'Ananya' }, bank: { ifsc: 'SBIN', accounts: [1] } });
    expect(next.owner).toBe(other);
    expect(next.bank.accounts).toBe(data.bank.accounts);
    expect(data.bank.ifsc).toBe('HDFC');
  });

  it('creates the objects and arrays missing on the way', () => {
    expect(withValueAt({}, ['owners', 0, 'name'], 'A')).toEqual({ owners: [{ name: 'A' }] });
  });

  it('keeps an undefined value as a key, as rjsf does for a cleared field', () => {
    expect(Object.keys(withValueAt({ a: 'x' }, ['a'], undefined) as object)).toEqual(['a']);
  });
});
