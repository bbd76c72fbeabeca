import Alert from '@mui/material/Alert';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { t } from '../../shared/ui/t';
import { shownTime, useAudit } from './api';

/** Who changed the requirements and fixtures, what and when, newest first. */
export default function AuditPanel() {
  const { data, error } = useAudit();
  if (error) return <Alert severity="error">{t('ops.loadFailed')}</Alert>;
  if (!data) return <LinearProgress aria-label={t('common.loading')} />;
  if (data.length === 0) return <Typography>{t('ops.audit.empty')}</Typography>;
  return (
    <TableContainer sx={{ overflowX: 'auto', border: 1, borderColor: 'divider', borderRadius: 1 }} tabIndex={0} role="region" aria-label={t('ops.tab.audit')}>
      <Table size="small">
        <TableHead>
          <TableRow>
            {['what', 'who', 'when'].map((column) => (
              <TableCell key={column} component="th" scope="col">
                {t(`ops.audit.${column}`)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {data.map((entry) => (
            <TableRow key={entry.id}>
              {/* What first: on a phone the later columns scroll sideways. */}
              <TableCell sx={{ minWidth: 160 }}>{t(`ops.audit.${entry.action}`, Object.fromEntries(Object.entries(entry.detail).map(([key, value]) => [key, String(value ?? '')])))}</TableCell>
              <TableCell>{entry.user ?? '—'}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{shownTime(entry.created_at)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
