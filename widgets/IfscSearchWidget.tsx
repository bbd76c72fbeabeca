import { Suspense, useEffect, useId, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import type { WidgetProps } from '@rjsf/utils';
import { catalogueFor, message, type Catalogue } from '../schemas/messages';
import type { IfscDetail } from '../common/api/ifsc';
import { formService } from './formServices';
import { NormalizedInputWidget } from './NormalizedInputWidget';
import { loadStepFormTexts } from '../schemas/stepFormTexts';
import { ProgressBar } from '../ui/ProgressBar';
import { lazyWithRetry } from '../ui/lazyWithRetry';

// The search (MUI's Autocomplete, react-window) loads when the merchant first reaches for it, not with the bank form.
const loadSearchDialog = () => import('./IfscSearchDialog');
const IfscSearchDialog = lazyWithRetry(() => loadSearchDialog().then((module) => ({ default: module.IfscSearchDialog })));

/** An IFSC is 11 letters or digits (onboarding spec section 9). */
const IFSC_LENGTH = 11;
const IFSC_SHAPE = /^[A-Z0-9]{11}$/;
/** The lookup waits for the merchant to stop typing this long. */
export const IFSC_LOOKUP_DELAY_MS = 300;

/** What the lookup said about a code: its branch, or that no bank has it. */
type Lookup = { code: string; branch: IfscDetail } | { code: string; notFound: true };

/**
 * The bank form's IFSC field (`"ui:widget": "IfscSearchWidget"`): the theme's input, normalised as the uiSchema's
 * `ui:normalize` says and stopped at 11 characters; a complete code is looked up (after a pause in typing) and its
 * bank, branch and address are shown under the field, or "No data found for this IFSC." on it. "Find your IFSC"
 * opens the search modal ({@link IfscSearchDialog}), whose chosen branch fills the field. The directory is the form's
 * `services.ifsc` ({@link formService}).
 */
export function IfscSearchWidget(props: WidgetProps) {
  loadStepFormTexts();
  const { value, onChange, options, disabled, readonly, rawErrors = [], registry } = props;
  const catalogue = (registry.formContext as { catalogue?: Catalogue } | undefined)?.catalogue ?? catalogueFor();
  const directory = formService(registry, 'ifsc', 'IfscSearchWidget');
  const code = typeof value === 'string' ? value : '';
  const [lookup, setLookup] = useState<Lookup | null>(null);
  const [searching, setSearching] = useState(false);
  // Mounted from the first opening on, so that closing it plays its transition.
  const [opened, setOpened] = useState(false);
  const detailId = `${useId()}-ifsc-detail`;
  // A branch chosen in the search needs no lookup: the list gave its details.
  const chosen = useRef<IfscDetail | null>(null);

  useEffect(() => {
    if (!IFSC_SHAPE.test(code) || chosen.current?.ifsc_code === code) return;
    let current = true;
    const timer = setTimeout(() => {
      directory.detail(code).then(
        (branch) => current && setLookup(branch ? { code, branch } : { code, notFound: true }),
        // Only "no such IFSC" is the merchant's to fix; another failure leaves the field as it is.
        () => undefined,
      );
    }, IFSC_LOOKUP_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [code, directory]);

  const shown = lookup?.code === code ? lookup : null;
  const notFound = shown !== null && 'notFound' in shown;
  const branch = shown !== null && 'branch' in shown ? shown.branch : null;
  const text = (key: string) => message(key, {}, catalogue);
  const notFoundText = text('validation.ifscNotFound');
  // The server refuses the same code with the same text on the field (a submit made anyway): the field says it once.
  const saysNotFound = notFound && !rawErrors.includes(notFoundText);

  return (
    <Box>
      <NormalizedInputWidget {...props} options={{ ...options, capAt: IFSC_LENGTH }} rawErrors={saysNotFound ? [...rawErrors, notFoundText] : rawErrors} />
      <Box id={detailId} role="status" aria-label={text('ifsc.detail.label')}>
        {saysNotFound && <FormHelperText error>{notFoundText}</FormHelperText>}
        {branch && (
          <Box sx={{ mt: 0.5 }}>
            <Typography variant="body2" sx={{ fontWeight: 500 }}>
              {branch.in_directory === false ? branch.bank_name : `${branch.bank_name}, ${branch.branch_name}`}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {branch.in_directory === false ? text('ifsc.detail.notInDirectory') : branch.address}
            </Typography>
          </Box>
        )}
      </Box>
      {!disabled && !readonly && (
        <>
          <Button
            variant="text"
            onPointerEnter={() => void loadSearchDialog()}
            onFocus={() => void loadSearchDialog()}
            onClick={() => {
              setOpened(true);
              setSearching(true);
            }}
            sx={{ minHeight: 44, px: 1, mt: 0.5, textTransform: 'none' }}>
            {text('ifsc.search.open')}
          </Button>
          <Suspense fallback={<ProgressBar label={text('common.loading')} />}>
            {opened && (
              <IfscSearchDialog
                open={searching}
                directory={directory}
                catalogue={catalogue}
                onClose={() => setSearching(false)}
                onChoose={(picked) => {
                  chosen.current = picked;
                  setLookup({ code: picked.ifsc_code, branch: picked });
                  setSearching(false);
                  onChange(picked.ifsc_code);
                }}
              />
            )}
          </Suspense>
        </>
      )}
    </Box>
  );
}
