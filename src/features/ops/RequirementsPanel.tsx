import { Suspense, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { loadValidatorOfStep } from '../../../renderer/stepValidators';
import { apiFetch, ApiRequestError } from '../../shared/api/fetcher';
import { StatusSnackbar } from '../../shared/ui/StatusSnackbar';
import { t } from '../../shared/ui/t';
import { shownTime, useRequirements, type EntityDocuments, type VersionSummary } from './api';
import { ConfirmDialog } from './ConfirmDialog';
import { DraftReview } from './DraftReview';
import { lazyWithRetry } from '../../../ui/lazyWithRetry';

/** The draft editor: the form renderer over the matrix's own schema, with its precompiled validator. */
const DraftEditor = lazyWithRetry(() => Promise.all([import('./DraftEditor'), loadValidatorOfStep('requirements-matrix')]).then(([module]) => module));

const STATUS_COLOURS = { draft: 'default', published: 'success', retired: 'default' } as const;

/**
 * The document requirements: the live version as a table of entities and categories, every version with what may be
 * done with it, a new draft through the form renderer, and the check (diff, fixtures) before publishing.
 */
export default function RequirementsPanel({ mayEdit }: { mayEdit: boolean }) {
  const { data, error, mutate } = useRequirements();
  const [editing, setEditing] = useState(false);
  const [reviewing, setReviewing] = useState<number | null>(null);
  const [rollingBack, setRollingBack] = useState<number | null>(null);
  const [migrating, setMigrating] = useState<VersionSummary | null>(null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState('');
  const [problem, setProblem] = useState('');

  if (error) return <Alert severity="error">{t('ops.loadFailed')}</Alert>;
  if (!data) return <LinearProgress aria-label={t('common.loading')} />;
  const live = data.published;

  /** Runs a confirmed action (roll back, migrate): its outcome in the snackbar, or the error above; the dialog closes. */
  const act = async (run: () => Promise<string>) => {
    setBusy(true);
    try {
      setNotice(await run());
      await mutate();
    } catch (failure) {
      setProblem(failure instanceof ApiRequestError ? failure.message : t('ops.loadFailed'));
    } finally {
      setBusy(false);
      setRollingBack(null);
      setMigrating(null);
    }
  };
  const rollBack = (version: number) =>
    act(async () => {
      await apiFetch(`/api/v1/ops/document-requirements/versions/${version}/rollback`, { method: 'POST' });
      return t('ops.rollback.done', { version });
    });
  const migrate = (row: VersionSummary) =>
    act(async () => {
      const answer = await apiFetch<{ migrated: number }>('/api/v1/ops/document-requirements/migrate', { method: 'POST', body: { from: row.version } });
      return t('ops.migrate.done', { count: answer.migrated, version: live.version });
    });

  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 3 }}>
      <Box>
        <Typography variant="body1">{t('ops.requirements.published', { version: live.version, when: shownTime(live.published_at), who: live.published_by ?? t('ops.requirements.theRelease') })}</Typography>
        <Typography variant="body2" color="text.secondary">
          {t('ops.requirements.following', { count: data.following_published })}
        </Typography>
      </Box>
      {problem && (
        <Alert severity="error" onClose={() => setProblem('')}>
          {problem}
        </Alert>
      )}

      {editing ? (
        <Suspense fallback={<LinearProgress aria-label={t('common.loading')} />}>
        <DraftEditor
          from={live}
          onCancel={() => setEditing(false)}
          onSaved={(version) => {
            setEditing(false);
            setReviewing(version);
            setNotice(t('ops.draft.saved', { version }));
            void mutate();
          }}
        />
        </Suspense>
      ) : reviewing !== null ? (
        <DraftReview
          version={reviewing}
          against={live.version}
          following={data.following_published}
          mayPublish={mayEdit && data.versions.some((row) => row.version === reviewing && row.status === 'draft')}
          onClose={() => setReviewing(null)}
          onPublished={(version, count) => {
            setReviewing(null);
            setNotice(t('ops.publish.done', { version, count }));
            void mutate();
          }}
        />
      ) : (
        mayEdit && (
          <Box>
            <Button variant="contained" onClick={() => setEditing(true)} sx={{ minHeight: 44 }}>
              {t('ops.draft.new')}
            </Button>
          </Box>
        )
      )}

      <MatrixTable version={live.version} entities={data.entities} />
      <VersionsTable versions={data.versions} mayEdit={mayEdit} onReview={setReviewing} onRollBack={setRollingBack} onMigrate={setMigrating} />

      <ConfirmDialog
        open={rollingBack !== null}
        busy={busy}
        text={t('ops.rollback.confirm', { version: rollingBack ?? '' })}
        onNo={() => setRollingBack(null)}
        onYes={() => void rollBack(rollingBack!)}
      />
      <ConfirmDialog
        open={migrating !== null}
        busy={busy}
        text={t('ops.migrate.confirm', { count: migrating?.pinned_merchants ?? 0, from: migrating?.version ?? '', version: live.version })}
        onNo={() => setMigrating(null)}
        onYes={() => void migrate(migrating!)}
      />
      <StatusSnackbar message={notice} open={notice !== ''} onClose={() => setNotice('')} />
    </Box>
  );
}

/** Entities down, categories across: Required, Optional or — (scrolls sideways on a phone). */
function MatrixTable({ version, entities }: { version: number; entities: EntityDocuments[] }) {
  const categories = [...new Set(entities.flatMap(({ documents }) => [...documents.required, ...documents.optional]))];
  const cell = (documents: EntityDocuments['documents'], category: string) =>
    documents.required.includes(category) ? t('ops.requirements.required') : documents.optional.includes(category) ? t('ops.requirements.optional') : t('ops.requirements.none');
  return (
    <Box>
      <Typography id="ops-matrix-heading" component="h2" variant="h6" sx={{ mb: 1 }}>
        {t('ops.requirements.table', { version })}
      </Typography>
      <TableContainer sx={{ overflowX: 'auto', border: 1, borderColor: 'divider', borderRadius: 1 }} tabIndex={0} aria-labelledby="ops-matrix-heading" role="region">
        <Table size="small" stickyHeader>
          <TableHead>
            <TableRow>
              <TableCell component="th" scope="col">
                {t('ops.requirements.entity')}
              </TableCell>
              {categories.map((category) => (
                <TableCell key={category} component="th" scope="col" sx={{ whiteSpace: 'nowrap' }}>
                  {category}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {entities.map(({ entity, documents }) => (
              <TableRow key={entity}>
                <TableCell component="th" scope="row" sx={{ whiteSpace: 'nowrap' }}>
                  {entity}
                </TableCell>
                {categories.map((category) => (
                  <TableCell key={category} data-entity={entity} data-category={category}>
                    {cell(documents, category)}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Box>
  );
}

function VersionsTable({
  versions,
  mayEdit,
  onReview,
  onRollBack,
  onMigrate,
}: {
  versions: VersionSummary[];
  mayEdit: boolean;
  onReview(version: number): void;
  onRollBack(version: number): void;
  onMigrate(row: VersionSummary): void;
}) {
  return (
    <Box>
      <Typography id="ops-versions-heading" component="h2" variant="h6" sx={{ mb: 1 }}>
        {t('ops.versions.heading')}
      </Typography>
      <TableContainer sx={{ overflowX: 'auto', border: 1, borderColor: 'divider', borderRadius: 1 }} tabIndex={0} aria-labelledby="ops-versions-heading" role="region">
        <Table size="small">
          <TableHead>
            <TableRow>
              {['version', 'status', 'note', 'author', 'pinned', 'actions'].map((column) => (
                <TableCell key={column} component="th" scope="col">
                  {t(`ops.versions.${column}`)}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {versions.map((row) => (
              <TableRow key={row.version}>
                <TableCell>{row.version}</TableCell>
                <TableCell>
                  <Chip size="small" color={STATUS_COLOURS[row.status]} label={t(`ops.status.${row.status}`)} />
                </TableCell>
                <TableCell sx={{ minWidth: 180 }}>{row.note}</TableCell>
                <TableCell>
                  {row.author ?? '—'}
                  <br />
                  <Typography component="span" variant="caption" color="text.secondary">
                    {shownTime(row.created_at)}
                  </Typography>
                </TableCell>
                <TableCell>{row.pinned_merchants}</TableCell>
                <TableCell>
                  {row.status === 'draft' && (
                    <Button onClick={() => onReview(row.version)} sx={{ minHeight: 44 }} aria-label={`${t('ops.review.open')} ${row.version}`}>
                      {t('ops.review.open')}
                    </Button>
                  )}
                  {row.status === 'retired' && mayEdit && (
                    <Button onClick={() => onRollBack(row.version)} sx={{ minHeight: 44 }} aria-label={`${t('ops.rollback')} ${row.version}`}>
                      {t('ops.rollback')}
                    </Button>
                  )}
                  {row.status !== 'published' && row.pinned_merchants > 0 && mayEdit && (
                    <Button onClick={() => onMigrate(row)} sx={{ minHeight: 44 }} aria-label={`${t('ops.migrate')} ${row.version}`}>
                      {t('ops.migrate')}
                    </Button>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Box>
  );
}

