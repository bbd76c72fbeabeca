import { useId, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import schema from '../../../schemas/now/display-name.json';
import uiSchema from '../../../schemas/now/display-name.ui.json';
import type { FieldErrors, JsonSchema, UiSchema } from '../../../schemas/types';
import { loadStepFormTexts } from '../../../schemas/stepFormTexts';
import { StepForm } from '../../../renderer/StepForm';
import { ApiRequestError, errorText, requestIdOf } from '../../shared/api/fetcher';
import type { Merchant } from '../../shared/api/types';
import { t } from '../../shared/ui/t';
import { saveDisplayName } from './displayNameApi';

interface DisplayName {
  display_name?: string;
}

/** The props of {@link DisplayNameForm}. */
export interface DisplayNameFormProps {
  merchantUuid: string;
  /** The name saved now, or null. */
  saved: string | null;
  /** The names to choose from (GET fetch_display_name), the saved one first. */
  suggestions: readonly string[];
  onSaved(merchant: Merchant, name: string): void;
}

/**
 * The display name: the suggestions as buttons that fill the field, and the field itself (the form renderer with the
 * schema the server checks), sent with PUT merchants/{uuid} {merchant: {display_name}}. The server's refusals show
 * under the field or in the Oh no! box.
 */
export default function DisplayNameForm({ merchantUuid, saved, suggestions, onSaved }: DisplayNameFormProps) {
  loadStepFormTexts();
  const [start, setStart] = useState(() => ({ name: saved ?? suggestions[0] ?? '', picks: 0 }));
  const [typed, setTyped] = useState(start.name);
  const [busy, setBusy] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [problems, setProblems] = useState<string[]>([]);
  const [reference, setReference] = useState<string>();
  const headingId = useId();

  const pick = (name: string) => {
    setStart((current) => ({ name, picks: current.picks + 1 }));
    setTyped(name);
    setFieldErrors({});
    setProblems([]);
  };

  const save = async ({ display_name: name = '' }: DisplayName) => {
    setBusy(true);
    setProblems([]);
    setFieldErrors({});
    try {
      onSaved(await saveDisplayName(merchantUuid, name), name);
    } catch (error) {
      const errors = error instanceof ApiRequestError && error.status === 422 ? (error.body.errors as FieldErrors | undefined) : undefined;
      if (errors?.display_name) setFieldErrors({ display_name: errors.display_name });
      else setProblems([t('now.displayName.saveFailed'), ...(error instanceof ApiRequestError ? [errorText(error.body, error.status)] : [])]);
      setReference(requestIdOf(error));
      throw error;
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      {suggestions.length > 0 && (
        <Box role="group" aria-labelledby={headingId} sx={{ mb: 2 }}>
          <Typography id={headingId} component="h2" variant="subtitle1" sx={{ mb: 1, fontWeight: 600 }}>
            {t('now.displayName.suggestions')}
          </Typography>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            {suggestions.map((name) => (
              <Button
                key={name}
                variant={typed === name ? 'contained' : 'outlined'}
                aria-pressed={typed === name}
                onClick={() => pick(name)}
                sx={{ minHeight: 44, textTransform: 'none', maxWidth: '100%', overflowWrap: 'anywhere', textAlign: 'left' }}
              >
                {name === saved ? t('now.displayName.current', { name }) : name}
              </Button>
            ))}
          </Box>
        </Box>
      )}
      <StepForm<DisplayName>
        key={start.picks}
        schema={schema as JsonSchema}
        uiSchema={uiSchema as UiSchema}
        formData={{ display_name: start.name || undefined }}
        onChange={(data) => setTyped(data.display_name ?? '')}
        onSubmit={save}
        fieldErrors={fieldErrors}
        problems={problems}
        onDismissProblems={() => setProblems([])}
        problemReference={reference}
        busy={busy}
        idPrefix="display-name"
        titleLevel={3}
      />
    </>
  );
}
