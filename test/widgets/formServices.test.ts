import type { Registry } from '@rjsf/utils';
import { describe, expect, it } from 'vitest';
import { formService, type IfscDirectory } from '../../widgets/formServices';

const directory: IfscDirectory = {
  detail: async () => null,
  bankNames: async () => [],
  states: async () => [],
  cities: async () => [],
  branches: async () => [],
};
const registryWith = (formContext: unknown) => ({ formContext }) as Registry;

describe('formService()', () => {
  it("gives the service the form's context carries", () => {
    expect(formService(registryWith({ services: { ifsc: directory } }), 'ifsc', 'IfscSearchWidget')).toBe(directory);
  });

  it('names the widget and the missing service when the screen gave none', () => {
    expect(() => formService(registryWith({ catalogue: {} }), 'ifsc', 'IfscSearchWidget')).toThrow("IfscSearchWidget needs the form's services.ifsc");
    expect(() => formService(registryWith(undefined), 'ifsc', 'IfscSearchWidget')).toThrow('services.ifsc');
  });
});
