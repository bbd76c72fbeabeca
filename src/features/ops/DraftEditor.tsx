import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import matrixSchema from '../../../schemas/documents/requirements-matrix.schema.json';
import matrixUiSchema from '../../../schemas/ops/requirements-matrix.ui.json';
import type { FieldErrors, JsonSchema, UiSchema } from '../../../schemas/types';
import { StepForm } from '../../../renderer/StepForm';
import { apiFetch, ApiRequestError } from '../../shared/api/fetcher';
import { t } from '../../shared/ui/t';
import type { RequirementsState } from './api';

type Matrix = Record<string, unknown>;
const PREFIX = 'body.documents.';

/**
 * A new draft of the per-entity document matrix, edited through the same form renderer as the merchant's steps, from
 * the matrix's own JSON Schema (schemas/documents/requirements-matrix.schema.json) and a uiSchema
 * (schemas/ops/requirements-matrix.ui.json). It starts from the live version; what is typed is kept as a draft in the
 * browser until saved. The server checks the draft again (schema, catalogue, rules) and answers errors by path.
 */
export default function DraftEditor({ from, onCancel, onSaved }: { from: RequirementsState['published']; onCancel(): void; onSaved(version: number): void }) {
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState(false);
  const [busy, setBusy] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [problems, setProblems] = useState<string[]>([]);

  const save = async (documents: Matrix) => {
    if (!note.trim()) {
      setNoteError(true);
      throw new Error('no note');
    }
    setBusy(true);
    try {
      const answer = await apiFetch<{ version: number }>('/api/v1/ops/document-requirements/versions', {
        method: 'POST',
        body: { body: { catalogue: from.body.catalogue, documents }, note: note.trim() },
      });
      onSaved(answer.version);
    } catch (error) {
      const errors = error instanceof ApiRequestError ? ((error.body.errors as FieldErrors | undefined) ?? {}) : {};
      const byField: FieldErrors = {};
      const general: string[] = [];
      for (const [path, messages] of Object.entries(errors)) {
        if (path.startsWith(PREFIX)) byField[path.slice(PREFIX.length)] = messages;
        else general.push(...messages.map((text) => `${path}: ${text}`));
      }
      setFieldErrors(byField);
      setProblems([t('ops.draft.failed'), ...general, ...(error instanceof ApiRequestError && !Object.keys(errors).length ? [error.message] : [])]);
      throw error;
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box component="section" aria-labelledby="ops-draft-heading" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2 }}>
      <Typography id="ops-draft-heading" component="h2" variant="h6" sx={{ mb: 1 }}>
        {t('ops.draft.heading', { version: from.version })}
      </Typography>
      <StepForm<Matrix>
        schema={matrixSchema as JsonSchema}
        uiSchema={matrixUiSchema as UiSchema}
        formData={from.body.documents as Matrix}
        onSubmit={save}
        fieldErrors={fieldErrors}
        problems={problems}
        onDismissProblems={() => setProblems([])}
        busy={busy}
        draftKey={`ops:requirements-from-${from.version}`}
        idPrefix="ops-draft"
        titleLevel={3}
      >
        <TextField
          label={t('ops.draft.note')}
          value={note}
          required
          fullWidth
          multiline
          minRows={2}
          error={noteError}
          helperText={noteError ? t('ops.draft.noteRequired') : undefined}
          onChange={(event) => {
            setNote(event.target.value);
            setNoteError(false);
          }}
          slotProps={{ htmlInput: { maxLength: 500 } }}
          sx={{ mt: 2 }}
        />
      </StepForm>
      <Button onClick={onCancel} sx={{ minHeight: 44, mt: 1 }}>
        {t('ops.draft.cancel')}
      </Button>
    </Box>
  );
}
