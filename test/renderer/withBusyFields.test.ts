import { describe, expect, it } from 'vitest';
import { withBusyFields } from '../../renderer/withBusyFields';

describe('withBusyFields()', () => {
  it('sets ui:busy on the fields of the running lookups, at any depth, keeping their other options', () => {
    const uiSchema = { gst_number: { 'ui:title': 'business.gst.label' }, registration_address: { pincode: { 'ui:title': 'address.pincode.label' } } };
    const busy = withBusyFields(uiSchema, [
      { at: 'gst_number', message: 'business.gst.searching' },
      { at: 'registration_address', message: 'address.registry.searching' },
      { at: 'registration_address.pincode', message: 'address.pincode.searching' },
    ]);
    expect(busy).toEqual({
      gst_number: { 'ui:title': 'business.gst.label', 'ui:busy': 'business.gst.searching' },
      registration_address: { 'ui:busy': 'address.registry.searching', pincode: { 'ui:title': 'address.pincode.label', 'ui:busy': 'address.pincode.searching' } },
    });
    expect(uiSchema.gst_number).toEqual({ 'ui:title': 'business.gst.label' });
  });

  it('shows the first lookup of a field, and gives the uiSchema itself when none runs', () => {
    const uiSchema = { cin_number: {} };
    expect(withBusyFields(uiSchema, [])).toBe(uiSchema);
    expect(withBusyFields(uiSchema, [{ at: 'cin_number', message: 'first' }, { at: 'cin_number', message: 'second' }]).cin_number).toEqual({ 'ui:busy': 'first' });
  });
});
