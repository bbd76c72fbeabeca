import { isDeepStrictEqual } from 'node:util';
import { LogicEngine } from 'json-logic-engine';
import { jsonLogicEngineCompiler } from '../../bench/engines';
import { benchRecords } from '../../bench/records';
import { compileRules } from '../../rules/compileRules';
import rulesConfig from '../../rules/config';
import { evaluateCompiled } from '../../rules/evaluate';

const records = benchRecords();
const ours = compileRules(rulesConfig);

describe('json-logic-engine as npm run bench runs it', () => {
  it.each([
    ['its own var', false],
    ['the exact var', true],
  ])('gives our steps, statuses and documents on every bench record, with %s', (_, exact) => {
    const engine = compileRules(rulesConfig, jsonLogicEngineCompiler(exact));
    const differing = records.filter((record) => !isDeepStrictEqual(evaluateCompiled(engine, record), evaluateCompiled(ours, record)));
    expect(differing).toHaveLength(0);
  });

  it('evaluates without eval, which the CSP refuses (its compiled mode needs it)', () => {
    const evalSpy = vi.spyOn(globalThis, 'eval');
    try {
      const rules = compileRules(rulesConfig, jsonLogicEngineCompiler(false));
      for (const record of records.slice(0, 50)) evaluateCompiled(rules, record);
      expect(evalSpy).not.toHaveBeenCalled();
      new LogicEngine().build({ '==': [{ var: 'status' }, 'verified'] });
      expect(evalSpy).toHaveBeenCalled();
    } finally {
      evalSpy.mockRestore();
    }
  });
});
