import rulesConfig from '../../rules/config';
import businessEntities from '../../schemas/master/business-entities.json';
import merchantSchema from '../../schemas/records/merchant.json';
import en from '../../schemas/messages/en.json';

type Node = Record<string, unknown>;

/** Every constant `var` path in a rule, outside the list-item scope of some/filter/map/... */
function varPaths(logic: unknown, found: string[] = []): string[] {
  if (Array.isArray(logic)) logic.forEach((item) => varPaths(item, found));
  else if (typeof logic === 'object' && logic !== null) {
    const entries = Object.entries(logic);
    if (entries.length !== 1) return found;
    const [op, raw] = entries[0]!;
    const values = Array.isArray(raw) ? raw : [raw];
    if (op === 'var' && typeof values[0] === 'string') found.push(values[0]);
    const scoped = ['filter', 'map', 'reduce', 'all', 'none', 'some'].includes(op);
    (scoped ? [values[0], ...values.slice(2)] : values).forEach((value) => varPaths(value, found));
  }
  return found;
}

/** Every string literal in a rule, leaving out `var` paths (for entity names and message keys). */
function literals(logic: unknown, found: string[] = []): string[] {
  if (typeof logic === 'string') found.push(logic);
  else if (Array.isArray(logic)) logic.forEach((item) => literals(item, found));
  else if (typeof logic === 'object' && logic !== null && !('var' in logic)) {
    Object.values(logic).forEach((value) => literals(value, found));
  }
  return found;
}

const allRules: unknown[] = [
  ...Object.values(rulesConfig.defs.defs),
  ...Object.values(rulesConfig.steps.defaults),
  ...Object.values(rulesConfig.steps.steps).flatMap((step) => Object.values(step)),
  ...Object.values(rulesConfig.status.rules),
  ...rulesConfig.documents.requirements.map((requirement) => requirement.when),
];

/** Whether a dotted path exists in the record schema (following $ref to $defs and list items). */
function inRecordSchema(path: string[]): boolean {
  const defs = merchantSchema.$defs as Record<string, Node>;
  let node: Node = merchantSchema as unknown as Node;
  for (const part of path) {
    while (typeof node.$ref === 'string') node = defs[node.$ref.replace('#/$defs/', '')]!;
    if (/^\d+$/.test(part) && node.items) node = node.items as Node;
    else if ((node.properties as Record<string, Node> | undefined)?.[part]) node = (node.properties as Record<string, Node>)[part]!;
    else return false;
  }
  return true;
}

describe('the shipped rules', () => {
  it('read only fields the merchant record schema defines', () => {
    const merchantPaths = allRules.flatMap((rule) => varPaths(rule)).filter((path) => path.startsWith('merchant.'));
    expect(merchantPaths.length).toBeGreaterThan(20);
    expect(merchantPaths.filter((path) => !inRecordSchema(path.split('.').slice(1)))).toEqual([]);
  });

  it('name only business entities of the master data', () => {
    const names = new Set(businessEntities.business_entities.map((entity) => entity.name));
    const entityRules = [
      rulesConfig.defs.defs.cinRequired,
      rulesConfig.status.rules.documentsComplete,
      ...rulesConfig.documents.requirements.map((requirement) => requirement.when),
    ];
    const used = entityRules.flatMap((rule) => literals(rule)).filter((text) => !text.includes('.') && /^[A-Z]/.test(text));
    expect(used.filter((name) => !names.has(name) && !name.startsWith('DOCUMENT_') && !/Docs|Approved|Rejected/.test(name))).toEqual([]);
  });

  it('give locked reasons that are keys of the message catalogue', () => {
    const reasons = Object.values(rulesConfig.steps.steps).flatMap((step) => literals(step.lockedReason));
    expect(reasons.length).toBeGreaterThan(5);
    expect(reasons.filter((key) => !(key in en))).toEqual([]);
  });

  it('give step reasons, the page heading and its notice that are keys of the message catalogue', () => {
    const { journeyHeading, journeyNotice } = rulesConfig.status.rules;
    const keys = [...Object.values(rulesConfig.steps.steps).flatMap((step) => literals(step.reason)), ...literals(journeyHeading), ...literals(journeyNotice)].filter(
      (text) => text.startsWith('onboarding.'),
    );
    expect(keys.length).toBeGreaterThan(15);
    expect(keys.filter((key) => !(key in en))).toEqual([]);
  });
});
