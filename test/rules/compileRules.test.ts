import journey from '../../schemas/steps/journey.json';
import rulesConfig from '../../rules/config';
import { compileRules } from '../../rules/compileRules';
import { LogicError } from '../../rules/compileLogic';
import type { RulesConfig } from '../../rules/types';

/** The shipped configuration with one part replaced. */
function withSteps(change: (steps: RulesConfig['steps']) => void): RulesConfig {
  const config = structuredClone(rulesConfig);
  change(config.steps);
  return config;
}

describe('compileRules()', () => {
  it('compiles the shipped configuration', () => {
    const compiled = compileRules(rulesConfig);
    // One compiled entry per step of the journey (schemas/steps/journey.json), in its order.
    expect(compiled.steps.map(([id]) => id)).toEqual(journey.groups.flatMap((group) => group.steps.map((step) => step.id)));
    expect(compiled.defs.length).toBeGreaterThan(10);
  });

  it('refuses a reference to an undefined definition', () => {
    const config = withSteps((steps) => (steps.steps['pan-details']!.completed = { var: 'defs.panVerifed' }));
    expect(() => compileRules(config)).toThrow(LogicError);
    expect(() => compileRules(config)).toThrow('steps.steps.pan-details.completed: "defs.panVerifed": "panVerifed" is not defined before this rule in defs');
  });

  it('refuses a flag read before it is evaluated', () => {
    const config = withSteps((steps) => (steps.steps.kyc!.completed = { var: 'step.todo' }));
    expect(() => compileRules(config)).toThrow('"step.todo": "todo" is not defined before this rule in step');
  });

  it('refuses a variable root a rule cannot see', () => {
    const config = withSteps((steps) => (steps.steps.kyc!.completed = { var: 'merchnt.kyc_status' }));
    expect(() => compileRules(config)).toThrow('"merchnt.kyc_status" reads "merchnt"');
  });

  it('refuses a definition that reads a later one', () => {
    const config = structuredClone(rulesConfig);
    config.defs.defs = { first: { var: 'defs.second' }, second: true };
    expect(() => compileRules(config)).toThrow('defs.first: "defs.second"');
  });

  it('refuses an unknown flag, an unknown step and a missing step', () => {
    expect(() => compileRules(withSteps((steps) => ((steps.steps.kyc as Record<string, unknown>).lockd = true)))).toThrow(
      'steps.steps.kyc.lockd: unknown flag',
    );
    expect(() => compileRules(withSteps((steps) => ((steps.steps as Record<string, unknown>).bank = {})))).toThrow(
      'steps.steps.bank: unknown step',
    );
    expect(() => compileRules(withSteps((steps) => delete (steps.steps as Partial<typeof steps.steps>).kyc))).toThrow(
      'steps.steps.kyc: missing',
    );
  });

  it('refuses a step without a rule for a flag that has no default', () => {
    const config = withSteps((steps) => delete steps.steps.kyc!.completed);
    expect(() => compileRules(config)).toThrow('steps.steps.kyc.completed: missing, and steps.defaults has no rule for it');
  });

  it('refuses an unknown operation, naming the status rule', () => {
    const config = structuredClone(rulesConfig);
    config.status.rules.bankVerified = { same: [1, 1] };
    expect(() => compileRules(config)).toThrow('status.rules.bankVerified.same: unknown operation "same"');
  });

  it('refuses an unknown label table and a malformed document requirement', () => {
    const labels = structuredClone(rulesConfig);
    labels.status.rules.bankVerificationLabel = { get: [{ var: 'tables.bankLabels' }, 'verified'] };
    expect(() => compileRules(labels)).toThrow('"tables.bankLabels": "bankLabels" is not defined in tables');
    const documents = structuredClone(rulesConfig);
    (documents.documents.requirements[0] as unknown as Record<string, unknown>).required = 'yes';
    expect(() => compileRules(documents)).toThrow('documents.requirements[0].required: must be true or false');
  });

  it('lets a rule read the list item inside some/filter/map without checking it', () => {
    const config = structuredClone(rulesConfig);
    config.status.rules.anyDocument = { some: [{ var: 'kyc_documents' }, { var: 'anything.at.all' }] };
    expect(() => compileRules(config)).not.toThrow();
  });
});
