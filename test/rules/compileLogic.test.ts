import { isDeepStrictEqual } from 'node:util';
import jsonLogic from 'json-logic-js';
import { benchRecords } from '../../bench/records';
import { compileLogic, LogicError, truthy } from '../../rules/compileLogic';
import { compileRules, type LogicCompiler } from '../../rules/compileRules';
import rulesConfig from '../../rules/config';
import { evaluateCompiled } from '../../rules/evaluate';
import { operations, registerOperations } from '../../rules/operations';
import type { Logic } from '../../rules/types';

registerOperations(jsonLogic);

const data = {
  merchant: { name: 'Asha', mid: 7, tags: ['a', 'b'], empty: [], zero: 0, nothing: null, nested: { list: [{ v: 1 }, { v: 2 }, { v: 3 }] } },
  flag: true,
  text: 'hello',
};

/** Rules covering every operation and json-logic's edge cases (truthiness of [], defaults, chains). */
const CASES: Array<[string, Logic]> = [
  ['var path', { var: 'merchant.name' }],
  ['var array index', { var: 'merchant.tags.1' }],
  ['var missing with default', { var: ['merchant.unknown', 'fallback'] }],
  ['var missing without default', { var: 'merchant.unknown.deeper' }],
  ['var null value', { var: 'merchant.nothing' }],
  ['var whole data', { var: '' }],
  ['var computed path', { var: { cat: ['merchant.', 'name'] } }],
  ['var number path', { var: 0 }],
  ['missing', { missing: ['merchant.name', 'merchant.nothing', 'merchant.unknown'] }],
  ['missing_some met', { missing_some: [1, ['merchant.name', 'merchant.unknown']] }],
  ['missing_some unmet', { missing_some: [2, ['merchant.name', 'merchant.unknown']] }],
  ['if chain', { if: [false, 1, { var: 'flag' }, 2, 3] }],
  ['if else', { if: [[], 'yes', 'no'] }],
  ['if no else', { if: [false, 1] }],
  ['?: ternary', { '?:': [{ var: 'merchant.zero' }, 'a', 'b'] }],
  ['and returns first falsy', { and: ['x', { var: 'merchant.empty' }, 'y'] }],
  ['and returns last', { and: [1, 'last'] }],
  ['or returns first truthy', { or: [0, '', { var: 'merchant.name' }] }],
  ['or returns last', { or: [0, null] }],
  ['! of empty list', { '!': [{ var: 'merchant.empty' }] }],
  ['!! unary sugar', { '!!': { var: 'merchant.tags' } }],
  ['== loose', { '==': [1, '1'] }],
  ['=== strict', { '===': [1, '1'] }],
  ['!= loose', { '!=': [null, { var: 'merchant.unknown' }] }],
  ['!== strict', { '!==': [0, false] }],
  ['< between', { '<': [1, { var: 'merchant.mid' }, 10] }],
  ['<= between', { '<=': [7, { var: 'merchant.mid' }, 7] }],
  ['> and >=', { and: [{ '>': [2, 1] }, { '>=': [1, 1] }] }],
  ['in list', { in: ['b', { var: 'merchant.tags' }] }],
  ['in string', { in: ['ell', { var: 'text' }] }],
  ['in non-list', { in: ['a', null] }],
  ['cat', { cat: ['a', 1, null, 'b'] }],
  ['substr negative', { substr: ['onboarding', 2, -3] }],
  ['substr', { substr: ['onboarding', 2] }],
  ['arithmetic', { '+': [{ '*': [2, '3'] }, { '-': [10, 4] }, { '/': [9, 3] }, { '%': [7, 4] }] }],
  ['unary minus and single *', { cat: [{ '-': 5 }, { '*': ['4'] }] }],
  ['min max', { cat: [{ min: [3, 1, 2] }, { max: [3, 1, 2] }] }],
  ['merge', { merge: [1, [2, 3], [[4]]] }],
  ['filter', { filter: [{ var: 'merchant.nested.list' }, { '>': [{ var: 'v' }, 1] }] }],
  ['map', { map: [{ var: 'merchant.nested.list' }, { '*': [{ var: 'v' }, 10] }] }],
  ['map over non-list', { map: [{ var: 'merchant.name' }, 1] }],
  ['reduce', { reduce: [{ var: 'merchant.nested.list' }, { '+': [{ var: 'accumulator' }, { var: 'current.v' }] }, 0] }],
  ['reduce non-list', { reduce: [null, 1, 5] }],
  ['all', { all: [{ var: 'merchant.nested.list' }, { var: 'v' }] }],
  ['all of empty', { all: [[], true] }],
  ['none', { none: [{ var: 'merchant.nested.list' }, { '>': [{ var: 'v' }, 5] }] }],
  ['some', { some: [{ var: 'merchant.nested.list' }, { '===': [{ var: 'v' }, 2] }] }],
  ['some of empty', { some: [[], true] }],
  ['literal list with logic', [1, { var: 'merchant.mid' }]],
  ['multi-key object is data', { a: 1, b: 2 }],
  ['findBy and get', { get: [{ findBy: [{ var: 'merchant.nested.list' }, 'v', 2] }, 'v'] }],
  ['get with fallback', { get: [{ var: 'merchant' }, 'unknown', 'none'] }],
];

describe('compileLogic()', () => {
  it.each(CASES)('agrees with json-logic-js: %s', (_, rule) => {
    expect(compileLogic(rule, operations)(data)).toEqual(jsonLogic.apply(rule as never, data));
  });

  it('evaluates the same compiled rule against different data', () => {
    const rule = compileLogic({ '===': [{ var: 'status' }, 'verified'] });
    expect([rule({ status: 'verified' }), rule({ status: 'Failed' }), rule(null)]).toEqual([true, false, false]);
  });

  it('refuses an unknown operation when compiling, naming where it is', () => {
    expect(() => compileLogic({ and: [true, { verifed: [1] }] }, {}, 'steps.pan-details.completed')).toThrow(LogicError);
    expect(() => compileLogic({ and: [true, { verifed: [1] }] }, {}, 'steps.pan-details.completed')).toThrow(
      'steps.pan-details.completed.and[1].verifed: unknown operation "verifed"',
    );
  });

  it('refuses an operation that carries a $comment or a second operation (json-logic would take it as a truthy literal)', () => {
    expect(() => compileLogic({ $comment: 'why', '==': [1, 2] }, {}, 'steps.bank.editable')).toThrow(
      'steps.bank.editable: an operation is an object with exactly one key, not ["$comment","=="] (a $comment goes beside the rule, not inside it)',
    );
    expect(() => compileLogic({ and: [true], or: [false] })).toThrow(LogicError);
    expect(compileLogic({ min: 1, label: 'a data object whose key happens to name an operation' })({})).toEqual({ min: 1, label: 'a data object whose key happens to name an operation' });
  });

  it('lets a resolver read constant paths, except inside a list item scope', () => {
    const resolved: string[] = [];
    const variables = (parts: readonly string[]) => {
      resolved.push(parts.join('.'));
      return parts[0] === 'fast' ? () => 'from resolver' : undefined;
    };
    const rule = compileLogic(
      { cat: [{ var: 'fast.x' }, { var: 'slow' }, { map: [{ var: 'list' }, { var: 'fast' }] }] },
      {},
      'rule',
      variables,
    );
    expect(rule({ slow: '-', list: [{ fast: '!' }], fast: { x: 'generic' } })).toBe('from resolver-!');
    expect(resolved).toEqual(['fast.x', 'slow', 'list']);
  });

  it('does not offer the log operation', () => {
    expect(() => compileLogic({ log: 1 })).toThrow('unknown operation "log"');
  });

  it('calls a custom operation with the data as `this`', () => {
    const seen: unknown[] = [];
    const rule = compileLogic({ probe: [1] }, { probe: function (this: unknown, value) { seen.push(this, value); return 'ok'; } });
    expect(rule({ x: 1 })).toBe('ok');
    expect(seen).toEqual([{ x: 1 }, 1]);
  });
});

describe('compileLogic() on the shipped rules', () => {
  it('gives every rule the value json-logic-js gives, on every bench record', () => {
    const differences: string[] = [];
    const seen = new Set<string>();
    // Our compiler as compileRules uses it (definitions read through the resolver), each call checked.
    const checked: LogicCompiler = (logic, where, variables) => {
      const rule = compileLogic(logic, operations, where, variables);
      return (data) => {
        const value = rule(data);
        let expected: unknown;
        try {
          expected = jsonLogic.apply(logic as never, data);
        } catch (error) {
          expected = `an error: ${String(error)}`;
        }
        seen.add(where);
        if (!isDeepStrictEqual(value, expected) && differences.length < 10) {
          differences.push(`${where}: ${JSON.stringify(value)}, json-logic-js ${JSON.stringify(expected)}`);
        }
        return value;
      };
    };
    const rules = compileRules(rulesConfig, checked);
    for (const record of benchRecords()) evaluateCompiled(rules, record);
    expect(differences).toEqual([]);
    const ruleCount = rules.defs.length + rules.steps.flatMap(([, flags]) => flags).length + rules.status.length + rules.documents.length;
    expect(seen.size).toBe(ruleCount);
  });
});

describe('truthy()', () => {
  it('follows json-logic: an empty list is false, everything else as in JavaScript', () => {
    expect([[], [0], 0, '', '0', null, {}].map(truthy)).toEqual([false, true, false, false, true, false, true]);
  });
});
