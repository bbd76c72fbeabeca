import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useSWR, { useSWRConfig } from 'swr';
import { apiFetch, ApiRequestError } from '../../shared/api/fetcher';
import { t } from '../../shared/ui/t';

interface StoredFixture {
  name: string;
  body: { expect?: { documents?: { required?: string[]; optional?: string[] } } } & Record<string, unknown>;
}

const FIXTURES = '/api/v1/ops/document-requirements/fixtures';

/**
 * The console's fixtures (the format of test/fixtures/documents/: a merchant and the documents expected of it), which
 * gate every publish. A tester edits one as JSON; the server refuses one the fixture runner cannot read.
 */
export default function FixturesPanel({ mayEdit }: { mayEdit: boolean }) {
  const { mutate: mutateAny } = useSWRConfig();
  const { data, error, mutate } = useSWR(FIXTURES, (path: string) => apiFetch<{ fixtures: StoredFixture[] }>(path).then((body) => body.fixtures));
  const [editing, setEditing] = useState<string | null>(null);
  const [text, setText] = useState('');
  const [problem, setProblem] = useState('');
  const [notice, setNotice] = useState('');
  const [busy, setBusy] = useState(false);

  if (error) return <Alert severity="error">{t('ops.loadFailed')}</Alert>;
  if (!data) return <LinearProgress aria-label={t('common.loading')} />;

  const save = async (name: string) => {
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch (failure) {
      setProblem(t('ops.fixtures.notJson', { detail: (failure as Error).message }));
      return;
    }
    setBusy(true);
    try {
      await apiFetch(`${FIXTURES}/${encodeURIComponent(name)}`, { method: 'PUT', body: { body } });
      setEditing(null);
      setProblem('');
      setNotice(t('ops.fixtures.saved', { name }));
      // Every version's fixture results change with a fixture.
      await Promise.all([mutate(), mutateAny((key) => typeof key === 'string' && /\/versions\/\d+\/fixtures$/.test(key))]);
    } catch (failure) {
      const errors = failure instanceof ApiRequestError ? (failure.body.errors as Record<string, string[]> | undefined) : undefined;
      setProblem(errors ? Object.values(errors).flat().join(' ') : failure instanceof ApiRequestError ? failure.message : t('ops.loadFailed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 1.5 }}>
      <Typography variant="body2" color="text.secondary">
        {t('ops.fixtures.about')}
      </Typography>
      {notice && (
        <Alert severity="success" role="status" onClose={() => setNotice('')}>
          {notice}
        </Alert>
      )}
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
        {data.map((fixture) => {
          const expected = fixture.body.expect?.documents;
          const isEditing = editing === fixture.name;
          return (
            <Card component="li" key={fixture.name} variant="outlined" data-fixture={fixture.name}>
              <CardContent sx={{ pb: 0 }}>
                <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
                  {fixture.name}
                </Typography>
                <Typography variant="body2">{t('ops.fixtures.expects', { required: expected?.required?.join(', ') || '—', optional: expected?.optional?.join(', ') || '—' })}</Typography>
                {isEditing && (
                  <>
                    <TextField
                      label={t('ops.fixtures.json', { name: fixture.name })}
                      value={text}
                      onChange={(event) => setText(event.target.value)}
                      multiline
                      minRows={8}
                      maxRows={24}
                      fullWidth
                      sx={{ mt: 1.5, '& textarea': { fontFamily: 'monospace', fontSize: 13 } }}
                      slotProps={{ htmlInput: { spellCheck: false } }}
                    />
                    {problem && (
                      <Alert severity="error" sx={{ mt: 1 }}>
                        {problem}
                      </Alert>
                    )}
                  </>
                )}
              </CardContent>
              {mayEdit && (
                <CardActions>
                  {isEditing ? (
                    <>
                      <Button variant="contained" disabled={busy} onClick={() => void save(fixture.name)} sx={{ minHeight: 44 }}>
                        {t('ops.fixtures.save')}
                      </Button>
                      <Button onClick={() => setEditing(null)} sx={{ minHeight: 44 }}>
                        {t('ops.draft.cancel')}
                      </Button>
                    </>
                  ) : (
                    <Button
                      onClick={() => {
                        setEditing(fixture.name);
                        setText(JSON.stringify(fixture.body, null, 2));
                        setProblem('');
                      }}
                      sx={{ minHeight: 44 }}
                      aria-label={`${t('ops.fixtures.edit')} ${fixture.name}`}
                    >
                      {t('ops.fixtures.edit')}
                    </Button>
                  )}
                </CardActions>
              )}
            </Card>
          );
        })}
      </Box>
    </Box>
  );
}
