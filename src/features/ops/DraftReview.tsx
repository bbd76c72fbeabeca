import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { apiFetch, ApiRequestError } from '../../shared/api/fetcher';
import { t } from '../../shared/ui/t';
import { useDiff, useFixtureResults, type FixtureResults } from './api';
import { ConfirmDialog } from './ConfirmDialog';

/**
 * A draft checked before it goes live: what changes for each business entity against the live version, the
 * fixtures' results (a failing one blocks publishing, on the server too), and Publish with a confirmation.
 */
export function DraftReview({
  version,
  against,
  following,
  mayPublish,
  onClose,
  onPublished,
}: {
  version: number;
  against: number;
  following: number;
  mayPublish: boolean;
  onClose(): void;
  onPublished(version: number, merchants: number): void;
}) {
  const diff = useDiff(version, against);
  const fixtures = useFixtureResults(version);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<{ text: string; failures: FixtureResults['failures'] } | null>(null);

  const publish = async () => {
    setBusy(true);
    try {
      const answer = await apiFetch<{ version: number; merchants_affected: number }>(`/api/v1/ops/document-requirements/versions/${version}/publish`, { method: 'POST' });
      onPublished(answer.version, answer.merchants_affected);
    } catch (error) {
      const failures = error instanceof ApiRequestError ? ((error.body.failures as FixtureResults['failures'] | undefined) ?? []) : [];
      setRefusal({ text: error instanceof ApiRequestError ? error.message : t('ops.loadFailed'), failures });
      void fixtures.mutate();
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };

  const failing = fixtures.data ? new Set(fixtures.data.failures.map((failure) => failure.fixture)).size : 0;
  return (
    <Box component="section" aria-labelledby="ops-review-heading" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2 }}>
      <Typography id="ops-review-heading" component="h2" variant="h6">
        {t('ops.review.heading', { version, against })}
      </Typography>
      {!diff.data ? (
        <LinearProgress aria-label={t('common.loading')} />
      ) : diff.data.entities.length === 0 ? (
        <Typography>{t('ops.diff.none')}</Typography>
      ) : (
        <TableContainer
          sx={{ overflowX: 'auto', border: 1, borderColor: 'divider', borderRadius: 1 }}
          data-testid="ops-diff"
          tabIndex={0}
          role="region"
          aria-label={t('ops.diff.label')}
        >
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell component="th" scope="col">
                  {t('ops.requirements.entity')}
                </TableCell>
                <TableCell component="th" scope="col">
                  {t('ops.queue.category')}
                </TableCell>
                <TableCell component="th" scope="col">
                  {t('ops.diff.live', { version: against })}
                </TableCell>
                <TableCell component="th" scope="col">
                  {t('ops.diff.draft', { version })}
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {diff.data.entities.flatMap((entity) =>
                entity.rows.map((row, index) => (
                  <TableRow key={`${entity.entity}:${row.category}`}>
                    {index === 0 && (
                      <TableCell component="th" scope="row" rowSpan={entity.rows.length} sx={{ fontWeight: 600, verticalAlign: 'top' }}>
                        {entity.entity}
                      </TableCell>
                    )}
                    <TableCell>{row.category}</TableCell>
                    <TableCell>{row.from || t('ops.requirements.none')}</TableCell>
                    <TableCell>{row.to || t('ops.requirements.none')}</TableCell>
                  </TableRow>
                )),
              )}
            </TableBody>
          </Table>
        </TableContainer>
      )}

      {!fixtures.data ? (
        <LinearProgress aria-label={t('common.loading')} />
      ) : fixtures.data.failures.length === 0 ? (
        <Alert severity="success">{t('ops.fixtures.passed', { count: fixtures.data.fixtures })}</Alert>
      ) : (
        <Alert severity="warning" data-testid="ops-fixture-failures" sx={{ '& .MuiAlert-message': { overflow: 'visible', minWidth: 0, overflowWrap: 'anywhere' } }}>
          {t('ops.fixtures.failed', { failed: failing, count: fixtures.data.fixtures })}
          <List dense>
            {fixtures.data.failures.map((failure, index) => (
              <ListItem key={index} sx={{ display: 'block' }}>
                <strong>{failure.fixture}</strong>: {failure.message}
              </ListItem>
            ))}
          </List>
        </Alert>
      )}
      {refusal && (
        <Alert severity="error" onClose={() => setRefusal(null)}>
          {refusal.text}
        </Alert>
      )}

      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        {mayPublish && (
          <Button variant="contained" onClick={() => setConfirming(true)} disabled={busy || !fixtures.data || fixtures.data.failures.length > 0} sx={{ minHeight: 44 }}>
            {t('ops.publish')}
          </Button>
        )}
        <Button onClick={onClose} sx={{ minHeight: 44 }}>
          {t('ops.queue.close')}
        </Button>
      </Box>
      <ConfirmDialog open={confirming} busy={busy} text={t('ops.publish.confirm', { version, count: following })} onNo={() => setConfirming(false)} onYes={() => void publish()} />
    </Box>
  );
}
