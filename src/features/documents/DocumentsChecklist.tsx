import useSWR from 'swr';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { apiFetch } from '../../shared/api/fetcher';
import { keys } from '../../shared/api/keys';
import { t } from '../../shared/ui/t';

/** A category of GET merchant_docs_req (server/routes/documents.ts), as much as the checklist shows. */
interface RequiredCategory {
  code: string;
  label: string;
  tooltipText: string | null;
  maxFileSizeLimit: number;
  subCategory: { value: Array<{ value: string; label: string }> } | null;
  upload_state: { status: string | null; remarks: string | null } | null;
}
interface DocsReq {
  required: RequiredCategory[];
  optional: RequiredCategory[];
}

/**
 * The Documents tab's checklist (onboarding spec section 2, Documents screen): the documents this merchant must give,
 * then those it may give, from merchant_docs_req (the rules' evaluation of the requirements in force), each with what
 * it accepts, its size limit and its state. Uploading opens with the uploader; until then the list says so.
 */
export function DocumentsChecklist({ merchantUuid }: { merchantUuid: string }) {
  const { data, error } = useSWR<DocsReq>(keys.merchantDocsReq(merchantUuid), (path: string) => apiFetch<DocsReq>(path));
  if (error) return <Alert severity="error">{t('documents.loadFailed')}</Alert>;
  if (!data) return <LinearProgress aria-label={t('common.loading')} />;
  return (
    <Box>
      <Alert severity="info" sx={{ mb: 2 }}>
        {t('documents.uploadsSoon')}
      </Alert>
      <Section id="documents-required" title={t('documents.required')} categories={data.required} />
      {data.optional.length > 0 && <Section id="documents-optional" title={t('documents.optional')} categories={data.optional} />}
    </Box>
  );
}

function Section({ id, title, categories }: { id: string; title: string; categories: RequiredCategory[] }) {
  return (
    <Paper component="section" variant="outlined" aria-labelledby={id} sx={{ mb: 3 }}>
      <Typography id={id} component="h2" variant="overline" color="text.secondary" sx={{ display: 'block', px: 2, pt: 1.5 }}>
        {title}
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {categories.map((category) => (
          <Box component="li" key={category.code} data-category={category.code} sx={{ px: 2, py: 1.5, borderTop: 1, borderColor: 'divider' }}>
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', justifyContent: 'space-between' }}>
              <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
                {category.label}
              </Typography>
              <Chip size="small" variant="outlined" label={category.upload_state?.status ?? t('documents.status.notUploaded')} sx={{ flexShrink: 0 }} />
            </Box>
            {category.tooltipText && (
              <Typography variant="body2" color="text.secondary">
                {category.tooltipText}
              </Typography>
            )}
            {category.subCategory && (
              <Typography variant="body2" color="text.secondary">
                {t('documents.accepted', { types: category.subCategory.value.map((type) => type.label).join(', ') })}
              </Typography>
            )}
            <Typography variant="body2" color="text.secondary">
              {t('documents.sizeLimit', { size: category.maxFileSizeLimit })}
            </Typography>
            {category.upload_state?.remarks && (
              <Typography variant="body2" color="error">
                {category.upload_state.remarks}
              </Typography>
            )}
          </Box>
        ))}
      </Box>
    </Paper>
  );
}
