import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { allowRuntimeCompilation } from '../../renderer/createValidator';
import { StepForm, type StepFormProps } from '../../renderer/StepForm';
import type { JsonSchema, UiSchema } from '../../schemas/types';
import { runtimeValidator } from './runtimeValidator';
import { inlineRefs } from '../../schemas/inlineRefs';
import { stepSchemaFiles } from '../../schemas/registry';

// The made-up form below is no step of schemas/registry.ts, so it has no validator compiled at build time.
allowRuntimeCompilation(runtimeValidator);

type Sections = { owner?: { name?: string; pan?: string }; bank?: { ifsc?: string; accounts?: number } };

const DEFINITIONS = 'https://onboarding.local/schemas/definitions.json#/$defs';

/**
 * Two sections of fields with the shared definitions' rules: the shape of a large KYC form, small. Its `$ref`s inlined,
 * as the build ships a step's schema.
 */
const sectionsSchema: JsonSchema = inlineRefs({
  $id: 'https://onboarding.local/test/sections.json',
  type: 'object',
  required: ['owner', 'bank'],
  properties: {
    owner: {
      type: 'object',
      title: 'Owner',
      required: ['name', 'pan'],
      properties: {
        name: { $ref: `${DEFINITIONS}/requiredText`, title: 'Name' },
        pan: { $ref: `${DEFINITIONS}/pan`, title: 'PAN' },
      },
    },
    bank: {
      type: 'object',
      title: 'Bank',
      required: ['ifsc'],
      properties: {
        ifsc: { $ref: `${DEFINITIONS}/ifsc`, title: 'IFSC' },
        accounts: { type: 'integer', title: 'Accounts', minimum: 1 },
      },
    },
  },
}, stepSchemaFiles);
const uiSchema: UiSchema = { 'ui:submitButtonOptions': { submitText: 'Submit' } };

function renderSections(props: Partial<StepFormProps<Sections>> = {}) {
  const onSubmit = vi.fn<(data: Sections) => void | Promise<void>>();
  const view = render(<StepForm<Sections> schema={sectionsSchema} uiSchema={uiSchema} formData={{}} onSubmit={onSubmit} {...props} />);
  return { ...view, onSubmit: props.onSubmit ?? onSubmit, user: userEvent.setup() };
}

const field = (name: string) => screen.getByRole('textbox', { name: new RegExp(`^${name}`) });
const submit = () => screen.getByRole('button', { name: 'Submit' });

describe('FieldLevelForm (through StepForm)', () => {
  it('after a failed submit, re-checks a field as it is typed and leaves the other fields their errors', async () => {
    const { user } = renderSections();
    await user.click(submit());
    await waitFor(() => expect(field('PAN')).toHaveAccessibleDescription('This field cannot be left blank'));

    await user.type(field('PAN'), 'ABCPE12');
    expect(field('PAN')).toHaveAccessibleDescription('PAN Number is invalid');
    await user.type(field('PAN'), '34F');

    await waitFor(() => expect(field('PAN')).not.toHaveAccessibleDescription());
    expect(field('Name')).toHaveAccessibleDescription('This field cannot be left blank');
    expect(field('IFSC')).toHaveAccessibleDescription('This field cannot be left blank');
  });

  it('shows a blank error again when a field is emptied after a failed submit', async () => {
    const { user } = renderSections();
    await user.click(submit());
    await user.type(field('Name'), 'Ananya');
    await waitFor(() => expect(field('Name')).not.toHaveAccessibleDescription());

    await user.clear(field('Name'));

    await waitFor(() => expect(field('Name')).toHaveAccessibleDescription('This field cannot be left blank'));
  });

  it('submits what was typed in every section', async () => {
    const { user, onSubmit } = renderSections();
    await user.type(field('Name'), 'Ananya Sharma');
    await user.type(field('PAN'), 'ABCPE1234F');
    await user.type(field('IFSC'), 'HDFC0001234');
    await user.type(screen.getByRole('spinbutton', { name: /^Accounts/ }), '2');

    await user.click(submit());

    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({ owner: { name: 'Ananya Sharma', pan: 'ABCPE1234F' }, bank: { ifsc: 'HDFC0001234', accounts: 2 } }),
    );
  });

  it("clears a nested field's server error once it is edited, and keeps the others", async () => {
    const { user } = renderSections({
      formData: { owner: { name: 'Ananya', pan: 'ABCPE1234F' }, bank: { ifsc: 'HDFC0001234' } },
      fieldErrors: { 'owner.pan': ['This business entity does not match the PAN category'], 'bank.ifsc': ['IFSC code format is invalid'] },
    });
    expect(field('PAN')).toHaveAccessibleDescription('This business entity does not match the PAN category');

    await user.type(field('PAN'), '{Backspace}G');

    await waitFor(() => expect(field('PAN')).not.toHaveAccessibleDescription());
    expect(field('IFSC')).toHaveAccessibleDescription('IFSC code format is invalid');
  });

  it('reports every change with the whole data, and keeps a draft of it', async () => {
    const onChange = vi.fn();
    const first = renderSections({ onChange, draftKey: 'sections' });
    await first.user.type(field('IFSC'), 'HDFC');
    expect(onChange).toHaveBeenLastCalledWith({ owner: {}, bank: { ifsc: 'HDFC' } });
    first.unmount();

    renderSections({ draftKey: 'sections' });

    expect(field('IFSC')).toHaveValue('HDFC');
  });
});
