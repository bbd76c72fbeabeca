import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StepForm, type StepFormProps } from '../../renderer/StepForm';
import { shippedForms } from '../../schemas/registry';
import type { JsonSchema } from '../../schemas/types';

type PanDetails = { pancard_number?: string; business_entity_id?: number; dob?: string };

const panDetails = shippedForms['pan-details']!;
const panProperties = panDetails.schema.properties as Record<string, JsonSchema>;

/** The PAN step with the entity options a caller injects from the master data. */
const panSchema: JsonSchema = {
  ...panDetails.schema,
  properties: {
    ...panProperties,
    business_entity_id: {
      ...panProperties.business_entity_id,
      oneOf: [
        { const: 1, title: 'Individual' },
        { const: 3, title: 'Sole Proprietorship' },
      ],
    },
  },
};

function renderPanForm(props: Partial<StepFormProps<PanDetails>> = {}) {
  const onSubmit = vi.fn<(data: PanDetails) => void | Promise<void>>();
  const view = render(
    <StepForm<PanDetails> schema={panSchema} uiSchema={panDetails.uiSchema} formData={{}} onSubmit={onSubmit} {...props} />,
  );
  return { ...view, onSubmit: props.onSubmit ?? onSubmit, user: userEvent.setup() };
}

const panInput = () => screen.getByRole('textbox', { name: /PAN Number/ });
const entitySelect = () => screen.getByRole('combobox', { name: /Business Entity/ });
const dobInput = () => screen.queryByLabelText(/Date of Birth/);
const submitButton = () => screen.getByRole('button', { name: 'Submit' });

async function chooseEntity(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.selectOptions(entitySelect(), name);
}

describe('StepForm', () => {
  it('labels the fields and the submit button from the catalogue', () => {
    renderPanForm();

    expect(panInput()).toHaveAttribute('placeholder', 'ABCPE1234F');
    expect(entitySelect()).toBeInTheDocument();
    expect(submitButton()).toBeInTheDocument();
  });

  it('shows "This field cannot be left blank" under each field on an empty submit', async () => {
    const { user, onSubmit } = renderPanForm();

    await user.click(submitButton());

    expect(await screen.findAllByText('This field cannot be left blank')).toHaveLength(2);
    expect(panInput()).toHaveAccessibleDescription('This field cannot be left blank');
    expect(panInput()).toHaveAttribute('aria-invalid', 'true');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('shows "PAN Number is invalid" under the PAN field', async () => {
    const { user } = renderPanForm();

    await user.type(panInput(), 'ABCD1234');
    await chooseEntity(user, 'Sole Proprietorship');
    await user.click(submitButton());

    await waitFor(() => expect(panInput()).toHaveAccessibleDescription('PAN Number is invalid'));
  });

  it('re-checks a field as it is edited after a failed submit', async () => {
    const { user } = renderPanForm();
    await user.click(submitButton());
    await screen.findAllByText('This field cannot be left blank');

    await user.type(panInput(), 'ABCPE1234F');

    await waitFor(() => expect(panInput()).not.toHaveAccessibleDescription());
    expect(screen.getAllByText('This field cannot be left blank')).toHaveLength(1);
  });

  it('asks for the date of birth only when the business entity is Individual', async () => {
    const { user } = renderPanForm();
    expect(dobInput()).not.toBeInTheDocument();
    expect(entitySelect()).toHaveDisplayValue('');

    await chooseEntity(user, 'Individual');
    expect(dobInput()).toBeInTheDocument();

    await chooseEntity(user, 'Sole Proprietorship');
    expect(dobInput()).not.toBeInTheDocument();
  });

  it('submits valid data only, without the date of birth of an entity that no longer asks for it', async () => {
    const { user, onSubmit } = renderPanForm();
    await user.type(panInput(), 'abcpe1234f');
    await chooseEntity(user, 'Individual');
    await user.type(dobInput()!, '1990-04-01');
    await chooseEntity(user, 'Sole Proprietorship');

    await user.click(submitButton());

    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit).toHaveBeenCalledWith({ pancard_number: 'ABCPE1234F', business_entity_id: 3 });
  });

  it('submits the date of birth of an individual', async () => {
    const { user, onSubmit } = renderPanForm({ formData: { pancard_number: 'ABCPE1234F' } });
    await chooseEntity(user, 'Individual');
    await user.click(submitButton());
    await screen.findByText('This field cannot be left blank');

    await user.type(dobInput()!, '1990-04-01');
    await user.click(submitButton());

    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({ pancard_number: 'ABCPE1234F', business_entity_id: 1, dob: '1990-04-01' }),
    );
  });

  it('applies transformChange to every change and reports the result through onChange', async () => {
    const suggestIndividual = (next: PanDetails, previous: PanDetails): PanDetails =>
      next.pancard_number?.length === 10 && next.pancard_number !== previous.pancard_number
        ? { ...next, business_entity_id: 1 }
        : next;
    const onChange = vi.fn();
    const { user } = renderPanForm({ transformChange: suggestIndividual, onChange });

    await user.type(panInput(), 'ABCPE1234F');

    await waitFor(() => expect(entitySelect()).toHaveDisplayValue('Individual'));
    expect(dobInput()).toBeInTheDocument();
    expect(onChange).toHaveBeenLastCalledWith({ pancard_number: 'ABCPE1234F', business_entity_id: 1 });
  });

  it('shows the server\'s field errors under their fields until the field is edited', async () => {
    const { user } = renderPanForm({
      formData: { pancard_number: 'ABCPE1234F', business_entity_id: 3 },
      fieldErrors: {
        pancard_number: ['This business entity does not match the PAN category'],
        business_entity_id: ['Choose a business entity from the list'],
      },
    });
    expect(panInput()).toHaveAccessibleDescription('This business entity does not match the PAN category');
    expect(entitySelect()).toHaveAccessibleDescription('Choose a business entity from the list');

    await user.type(panInput(), '{Backspace}G');

    await waitFor(() => expect(panInput()).not.toHaveAccessibleDescription());
    expect(entitySelect()).toHaveAccessibleDescription('Choose a business entity from the list');
  });

  it('shows the server\'s errors about the whole record below the fields', () => {
    renderPanForm({ fieldErrors: { base: ['Some error occured. Please try again later.'] } });

    expect(screen.getByText('Some error occured. Please try again later.')).toBeInTheDocument();
  });

  it('shows problems in the "Oh no!" box, whose close button asks the caller to dismiss them', async () => {
    const onDismissProblems = vi.fn();
    const { user } = renderPanForm({ problems: ['Pan not valid'], onDismissProblems });

    const box = screen.getByRole('alert');
    expect(box).toHaveTextContent('Oh no!');
    expect(box).toHaveTextContent('Pan not valid');

    await user.click(within(box).getByRole('button', { name: 'Close' }));
    expect(onDismissProblems).toHaveBeenCalledTimes(1);
  });

  it('disables the submit button and shows progress while busy', () => {
    renderPanForm({ busy: true });

    expect(submitButton()).toBeDisabled();
    expect(within(submitButton()).getByRole('progressbar')).toBeInTheDocument();
  });

  it('shows a read-only form without a submit button', () => {
    renderPanForm({ readonly: true, formData: { pancard_number: 'ABCPE1234F' } });

    expect(panInput()).toBeDisabled();
    expect(panInput()).toHaveValue('ABCPE1234F');
    expect(screen.queryByRole('button', { name: 'Submit' })).not.toBeInTheDocument();
  });

  it('restores what was typed after a reload, over the data it was given', async () => {
    const first = renderPanForm({ draftKey: 'pan-details', formData: { business_entity_id: 3 } });
    await first.user.type(panInput(), 'ABCPE');
    first.unmount();

    renderPanForm({ draftKey: 'pan-details', formData: { business_entity_id: 3 } });

    expect(panInput()).toHaveValue('ABCPE');
    expect(entitySelect()).toHaveDisplayValue('Sole Proprietorship');
  });

  it('keeps the draft when the submit fails and clears it once a submit succeeds', async () => {
    const failing = vi.fn().mockRejectedValue(new Error('422'));
    const first = renderPanForm({ draftKey: 'pan-details', formData: { business_entity_id: 3 }, onSubmit: failing });
    await first.user.type(panInput(), 'ABCPE1234F');
    await first.user.click(submitButton());
    await waitFor(() => expect(failing).toHaveBeenCalled());
    first.unmount();

    const second = renderPanForm({ draftKey: 'pan-details', formData: { business_entity_id: 3 } });
    expect(panInput()).toHaveValue('ABCPE1234F');
    await second.user.click(submitButton());
    await waitFor(() => expect(second.onSubmit).toHaveBeenCalled());
    second.unmount();

    renderPanForm({ draftKey: 'pan-details', formData: { business_entity_id: 3 } });
    await waitFor(() => expect(panInput()).toHaveValue(''));
  });

  it('keeps what was typed when the caller passes the same schema, uiSchema and data as new objects', async () => {
    const { user, rerender, onSubmit } = renderPanForm({ formData: { business_entity_id: 3 } });
    await user.type(panInput(), 'ABCPE');

    rerender(
      <StepForm<PanDetails>
        schema={{ ...panSchema }}
        uiSchema={{ ...panDetails.uiSchema }}
        formData={{ business_entity_id: 3 }}
        onSubmit={onSubmit}
      />,
    );

    expect(panInput()).toHaveValue('ABCPE');
    expect(entitySelect()).toHaveDisplayValue('Sole Proprietorship');
  });

  it('starts over when it is given different data', () => {
    const { rerender, onSubmit } = renderPanForm({ formData: { pancard_number: 'ABCPE1234F' } });

    rerender(
      <StepForm<PanDetails>
        schema={panSchema}
        uiSchema={panDetails.uiSchema}
        formData={{ pancard_number: 'ZZZPZ9999Z' }}
        onSubmit={onSubmit}
      />,
    );

    expect(panInput()).toHaveValue('ZZZPZ9999Z');
  });
});
