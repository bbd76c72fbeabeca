import { describe, expect, it } from 'vitest';
import { compiledStep } from '../../../rules/steps/compiledSteps';

/** A verified merchant of `entity` (schemas/master/business-entities.json), with a signing authority when `cin` is given. */
const merchant = (entity: number, extra: Record<string, unknown> = {}, cin?: string) => ({
  uuid: 'm-1',
  business_entity_id: entity,
  pancard_number: 'AABCJ4821M',
  pancard_name: 'JANA IYER TECHNOLOGIES PRIVATE LIMITED',
  account: { uuid: 'a-1', signatory_contact_details: cin ? [{ id: 1, name: 'ASHA VERMA', cin_number: cin }] : [] },
  ...extra,
});
const OFFICE = { address_line: 'Unit 4, Kalpataru Square, Andheri East', pincode: '400069', city: 'Mumbai', state: 'Maharashtra' };

describe('business details: the GSTINs registered to the PAN', () => {
  const step = compiledStep('business-details')!;
  const record = merchant(6);

  it('looks them up when the step opens, saying so on the GST number meanwhile', () => {
    const [lookup] = step.openingLookupsFor(step.initialDataOf(record), record);
    expect(lookup).toMatchObject({ method: 'POST', path: '/api/v1/dvs_wrapper/m-1/pan_gst_details', body: { pan_number: 'AABCJ4821M' }, busy: { at: 'gst_number', message: 'business.gst.searching' } });
  });

  it('offers them to pick, each with its trade name; a pick fills the trade name', () => {
    const linked = [
      { gstin: '27AABCJ4821M1ZA', tradename: 'IYER TRADERS' },
      { gstin: '29AABCJ4821M1ZB', tradename: 'IYER ENTERPRISES' },
    ];
    const data = step.withFilled(step.initialDataOf(record), { '$context.linked_gstins': linked }, record);
    expect(step.uiSchemaFor(data, record).gst_number).toMatchObject({
      'ui:suggestions': [
        { value: '27AABCJ4821M1ZA', label: 'IYER TRADERS' },
        { value: '29AABCJ4821M1ZB', label: 'IYER ENTERPRISES' },
      ],
      'ui:suggestionsLabel': 'business.gst.linkedHelp',
    });
    expect(step.derive({ ...data, gst_number: '29AABCJ4821M1ZB' }, record, data).business_name).toBe('IYER ENTERPRISES');
  });

  it('offers nothing to pick when the PAN has no GST registration', () => {
    const data = step.withFilled(step.initialDataOf(record), { '$context.linked_gstins': [] }, record);
    expect(step.uiSchemaFor(data, record).gst_number).not.toHaveProperty('ui:suggestions');
  });
});

describe("signing authority: the company's CIN from the registry", () => {
  const step = compiledStep('signing-authority')!;

  it.each([
    [6, 'Private Limited'],
    [7, 'Public Limited'],
    [5, 'LLP'],
    [14, 'One Person Company'],
  ])('looks the PAN name up in the company registry when a %s (%s) opens the step without a CIN', (entity) => {
    const record = merchant(entity);
    expect(step.openingLookupsFor(step.initialDataOf(record), record)).toEqual([
      expect.objectContaining({ method: 'GET', path: '/api/v1/dvs_wrapper/m-1/registered_companies', busy: { at: 'cin_number', message: 'signing.cin.searching' } }),
    ]);
  });

  it('does not look up for an entity without a CIN, or a signatory whose CIN is saved', () => {
    for (const record of [merchant(4), merchant(3), merchant(6, {}, 'U72200MH2009PTC123456')]) expect(step.openingLookupsFor(step.initialDataOf(record), record)).toEqual([]);
  });

  it('offers the companies found to pick as the CIN, with their names', () => {
    const record = merchant(6);
    const [lookup] = step.openingLookupsFor(step.initialDataOf(record), record);
    const company = { cin: 'U72200MH2012PTC345678', company_name: 'JANA IYER TECHNOLOGIES PRIVATE LIMITED' };
    const data = step.withFilled(step.initialDataOf(record), lookup!.fill({ companies: [company] }), record);
    expect(step.uiSchemaFor(data, record).cin_number).toMatchObject({
      'ui:suggestions': [{ value: company.cin, label: company.company_name }],
      'ui:suggestionsLabel': 'signing.cin.registryHelp',
    });
    expect(step.uiSchemaFor(step.initialDataOf(record), record).cin_number).not.toHaveProperty('ui:suggestions');
  });
});

describe("KYC: a company's registered office from the registry (registered_address_from_registry)", () => {
  const step = compiledStep('kyc')!;

  it("fills the registered address from the registry's answer for the signatory's CIN, saying so meanwhile and after", () => {
    const record = merchant(6, { registration_address: null }, 'U72200MH2009PTC123456');
    const [lookup, ...others] = step.openingLookupsFor(step.initialDataOf(record), record);
    expect(others).toEqual([]);
    expect(lookup).toMatchObject({
      method: 'POST',
      path: '/api/v1/dvs_wrapper/m-1/company_details',
      body: { cin: 'U72200MH2009PTC123456' },
      busy: { at: 'registration_address', message: 'address.registry.searching' },
    });
    const data = step.withFilled(step.initialDataOf(record), lookup!.fill({ company_detail: { cin: 'U72200MH2009PTC123456', registered_address: OFFICE } }), record);
    expect(data.registration_address).toEqual(OFFICE);
    expect(step.uiSchemaFor(data, record).registration_address).toMatchObject({ 'ui:description': 'address.hint.registry' });
    // Changed by the merchant, it is theirs: the entity's hint comes back.
    const edited = { ...data, registration_address: { ...OFFICE, address_line: 'Unit 5, Kalpataru Square, Andheri East' } };
    expect(step.uiSchemaFor(edited, record).registration_address).toMatchObject({ 'ui:description': 'address.hint.certificate' });
  });

  it('leaves alone a registered address on record, an entity the registry does not hold and a signatory without a CIN', () => {
    const records = [
      merchant(6, { registration_address: OFFICE }, 'U72200MH2009PTC123456'),
      merchant(4, {}, 'U72200MH2009PTC123456'),
      merchant(1, {}, 'U72200MH2009PTC123456'),
      merchant(6),
    ];
    for (const record of records) expect(step.openingLookupsFor(step.initialDataOf(record), record)).toEqual([]);
  });

  it('projects the source as data per entity into the context the server checks with too', () => {
    expect(step.contextOf(merchant(6))).toMatchObject({ registered_address_from_registry: true, registered_address_from_signatory: false });
    expect(step.contextOf(merchant(5))).toMatchObject({ registered_address_from_registry: true });
    expect(step.contextOf(merchant(4))).toMatchObject({ registered_address_from_registry: false });
    expect(step.contextOf(merchant(1))).toMatchObject({ registered_address_from_registry: false, registered_address_from_signatory: true });
  });
});
