import { inlineRefs } from '../../schemas/inlineRefs';
import definitions from '../../schemas/definitions.json';
import { allSchemas, stepForms } from '../../schemas/registry';
import type { JsonSchema } from '../../schemas/types';

const panDetails = stepForms['pan-details']!.schema;

type Node = Record<string, unknown>;
const at = (schema: unknown, ...path: string[]): Node =>
  path.reduce<Node>((node, key) => node[key] as Node, schema as Node);

describe('inlineRefs()', () => {
  it('replaces the PAN step\'s references to definitions.json by the definitions themselves', () => {
    const inlined = inlineRefs(panDetails, allSchemas);

    expect(at(inlined, 'properties', 'pancard_number')).toEqual(definitions.$defs.pan);
    expect(at(inlined, 'properties', 'business_entity_id')).toEqual(definitions.$defs.entityId);
    expect(JSON.stringify(inlined)).not.toContain('$ref');
  });

  it('inlines references inside if/then', () => {
    const inlined = inlineRefs(panDetails, allSchemas);

    expect(at(inlined, 'then', 'properties', 'dob')).toEqual(definitions.$defs.pastDate);
    expect(at(inlined, 'if')).toEqual(panDetails.if);
  });

  it('keeps the step\'s own keywords and $id', () => {
    const inlined = inlineRefs(panDetails, allSchemas);

    expect(inlined.$id).toBe(panDetails.$id);
    expect(inlined.required).toEqual(panDetails.required);
    expect(inlined.unevaluatedProperties).toBe(false);
  });

  it("keeps a definition's messages for the keywords that the errorMessage beside its $ref does not name (the GST field)", () => {
    const businessDetails = stepForms['business-details']!.schema;
    const inlined = inlineRefs(businessDetails, allSchemas);
    const gst = at(inlined, 'properties', 'gst_number');
    const own = at(businessDetails, 'properties', 'gst_number', 'errorMessage');
    const fromDefinition = (definitions.$defs.gstin as Node).errorMessage as Node;
    expect(gst.errorMessage).toEqual({ ...fromDefinition, ...own });
    expect(Object.keys(fromDefinition).every((keyword) => keyword in (gst.errorMessage as Node))).toBe(true);
  });

  it('lets the keywords beside a $ref win over the referenced ones', () => {
    const entityOptions = [{ const: 1, title: 'Individual' }];
    const schema: JsonSchema = {
      ...panDetails,
      properties: {
        business_entity_id: { $ref: '../definitions.json#/$defs/entityId', minimum: 2, oneOf: entityOptions },
      },
    };

    expect(at(inlineRefs(schema, allSchemas), 'properties', 'business_entity_id')).toEqual({
      ...definitions.$defs.entityId,
      minimum: 2,
      oneOf: entityOptions,
    });
  });

  it('leaves references local to the step alone', () => {
    const schema: JsonSchema = {
      $id: 'https://onboarding.local/schemas/steps/local.json',
      $defs: { name: { type: 'string' } },
      properties: { name: { $ref: '#/$defs/name' } },
    };

    expect(inlineRefs(schema, allSchemas)).toEqual(schema);
  });

  it('inlines the local references of the referenced file, which would mean something else in the step', () => {
    const shared: JsonSchema = {
      $id: 'https://example.test/shared.json',
      $defs: { code: { $ref: '#/$defs/digits', title: 'Code' }, digits: { type: 'string', pattern: '^[0-9]+$' } },
    };
    const step: JsonSchema = {
      $id: 'https://example.test/steps/step.json',
      properties: { code: { $ref: '../shared.json#/$defs/code' } },
    };

    expect(at(inlineRefs(step, [shared]), 'properties', 'code')).toEqual({
      type: 'string',
      pattern: '^[0-9]+$',
      title: 'Code',
    });
  });

  it('does not change the schema it is given', () => {
    const before = JSON.stringify(panDetails);
    inlineRefs(panDetails, allSchemas);

    expect(JSON.stringify(panDetails)).toBe(before);
  });

  it('names a reference to an unknown file', () => {
    const schema: JsonSchema = { ...panDetails, properties: { x: { $ref: '../missing.json#/$defs/x' } } };

    expect(() => inlineRefs(schema, allSchemas)).toThrow('https://onboarding.local/schemas/missing.json#/$defs/x');
  });

  it('refuses a recursive reference, which cannot be inlined', () => {
    const tree: JsonSchema = {
      $id: 'https://example.test/tree.json',
      $defs: { node: { type: 'object', properties: { child: { $ref: '#/$defs/node' } } } },
    };
    const step: JsonSchema = { $id: 'https://example.test/step.json', properties: { root: { $ref: 'tree.json#/$defs/node' } } };

    expect(() => inlineRefs(step, [tree])).toThrow(/recursive/);
  });
});
