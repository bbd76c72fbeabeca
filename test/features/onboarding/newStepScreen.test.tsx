import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { allowRuntimeCompilation } from '../../../renderer/createValidator';
import { inlineRefs } from '../../../schemas/inlineRefs';
import { assertStepDefinition } from '../../../rules/steps/assertStepDefinition';
import { compileDefinition } from '../../../rules/steps/compileDefinition';
import { createAjv } from '../../../schemas/ajv';
import { stepSchemaFiles } from '../../../schemas/registry';
import type { JsonSchema } from '../../../schemas/types';
import { DefinitionScreen } from '../../../src/features/onboarding/StepScreen';
import type { Merchant } from '../../../src/shared/api/types';
import { saveSession } from '../../../src/shared/session/session';
import { mockFetch } from '../../fetchMock';
import { runtimeValidator } from '../../renderer/runtimeValidator';

/**
 * A step that exists only as JSON files in a test folder (test/fixtures/_steps/shop-licence), rendered, validated and
 * submitted by the generic step screen: no TypeScript was written for it. Its schema was not compiled at build time,
 * so the test lets the renderer compile its validator at run time (the app never does).
 */
const folder = 'test/fixtures/_steps/shop-licence';
const read = (name: string) => JSON.parse(readFileSync(join(folder, name), 'utf8')) as Record<string, unknown>;
// Its $refs into the shared definitions inlined, as the build ships a step's schema (scripts/compile-validators.ts).
const schema = inlineRefs(read('shop-licence.json') as JsonSchema, stepSchemaFiles);
const definition = read('shop-licence.step.json');
assertStepDefinition(createAjv(), definition, 'shop-licence.step.json');
const step = compileDefinition(definition, read('master.json'));
allowRuntimeCompilation(runtimeValidator);

const partnership: Merchant = { uuid: 'a1b2c3d4-0000-4000-8000-000000000001', mid: 1, business_entity_id: 4, business_name: 'SHARMA AND ASSOCIATES' };
const company: Merchant = { ...partnership, business_entity_id: 6 };

function renderStep(merchant: Merchant) {
  saveSession({ access_token: 'token', expires_in: 3600 });
  const calls = mockFetch(({ method, url, body }) => {
    if (url === '/api/v1/pincode_details/411001') return { body: { pincode_detail: { pincode: '411001', city: 'Pune', state: 'Maharashtra' } } };
    if (method === 'PUT' && url === `/api/v1/merchants/${merchant.uuid}`) return { body: { merchant: { ...merchant, ...(body as { merchant: object }).merchant } } };
    return undefined;
  });
  const onSaved = vi.fn();
  render(<DefinitionScreen step={step} schema={schema} merchant={merchant} readonly={false} onSaved={onSaved} />);
  return { calls, onSaved, user: userEvent.setup() };
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('a step added as data alone, on the generic step screen', () => {
  it('asks the partnership for its entity-specific field, derives the holder, fills the city from the pincode and submits', async () => {
    const { calls, onSaved, user } = renderStep(partnership);
    const holder = screen.getByRole('textbox', { name: /Business Name/ });
    expect(holder).toHaveValue('SHARMA AND ASSOCIATES');
    expect(holder).toBeDisabled();
    for (const hidden of screen.queryAllByText('$context')) expect(hidden).not.toBeVisible();
    await user.type(screen.getByRole('textbox', { name: /Shop/ }), 'PUN-77');
    await user.type(screen.getByRole('textbox', { name: /pincode/i }), '411001');
    await waitFor(() => expect(screen.getByRole('textbox', { name: /city/i })).toHaveValue('Pune'));

    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('This field cannot be left blank')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);

    await user.type(screen.getByRole('textbox', { name: /Trade Name/ }), 'Pune Municipal Corporation');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      merchant: {
        licence_number: 'PUN-77',
        pincode: '411001',
        city: 'Pune',
        issuing_authority: 'Pune Municipal Corporation',
        licence_holder: 'SHARMA AND ASSOCIATES',
      },
    });
  });

  it('does not show the partnership field to a company', async () => {
    renderStep(company);
    expect(screen.getByRole('textbox', { name: /Shop/ })).toBeInTheDocument();
    expect(screen.getAllByRole('textbox')).toHaveLength(4);
  });
});
