import { useId, useState } from 'react';
import useSWRImmutable from 'swr/immutable';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { catalogueFor, message, type Catalogue } from '../schemas/messages';
import type { IfscDetail } from '../common/api/ifsc';
import type { IfscDirectory } from './formServices';
import { SearchableSelect } from './SearchableSelect';
import { loadStepFormTexts } from '../schemas/stepFormTexts';

/** The props of {@link IfscSearchDialog}. */
export interface IfscSearchDialogProps {
  open: boolean;
  onClose(): void;
  /** Called with the branch the merchant confirmed. */
  onChoose(branch: IfscDetail): void;
  /** Where the lists come from (the form's `services.ifsc`). */
  directory: IfscDirectory;
  catalogue?: Catalogue;
}

const NO_NAMES: string[] = [];
const NO_BRANCHES: IfscDetail[] = [];

/** The lists fail silently (onboarding spec section 8): logged, and shown as an empty list. */
function logFailure(error: unknown): void {
  console.warn('IFSC list failed', error);
}

const listOptions = { onError: logFailure, shouldRetryOnError: false } as const;

/** A list of the search and whether it is still loading; `args` null: not asked for (yet). Kept for the page's life. */
function useDirectoryList<A extends string[], T>(list: string, args: A | null, load: (...args: A) => Promise<T[]>, empty: T[]) {
  const { data, isLoading } = useSWRImmutable(args && { ifscSearch: list, args }, ({ args: asked }) => load(...asked), listOptions);
  return { list: data ?? empty, loading: isLoading };
}

const asText = (name: string) => name;
const branchName = (branch: IfscDetail) => branch.branch_name;
const branchCode = (branch: IfscDetail) => branch.ifsc_code;

/**
 * The IFSC search modal (onboarding spec section 2): bank name, state, city and branch, four required selects in a
 * cascade (a bank gives its states, a state its cities, a city its branches); changing one clears those below.
 * Confirming gives the chosen branch. Full screen on a phone. A list that fails to load stays empty (spec section 8:
 * IFSC list failures are silent) and says it has no options.
 */
export function IfscSearchDialog({ open, onClose, onChoose, directory, catalogue = catalogueFor() }: IfscSearchDialogProps) {
  loadStepFormTexts();
  const id = useId();
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  const [bank, setBank] = useState<string | null>(null);
  const [state, setState] = useState<string | null>(null);
  const [city, setCity] = useState<string | null>(null);
  const [branch, setBranch] = useState<IfscDetail | null>(null);
  const banks = useDirectoryList('banks', open ? [] : null, () => directory.bankNames(), NO_NAMES);
  const states = useDirectoryList('states', bank ? [bank] : null, (bankName) => directory.states(bankName), NO_NAMES);
  const cities = useDirectoryList('cities', bank && state ? [bank, state] : null, (bankName, inState) => directory.cities(bankName, inState), NO_NAMES);
  const branches = useDirectoryList('branches', bank && state && city ? [bank, state, city] : null, (bankName, inState, inCity) => directory.branches(bankName, inState, inCity), NO_BRANCHES);
  const text = (key: string, params?: Record<string, string>) => message(key, params, catalogue);
  const common = { required: true, loadingText: text('common.loading'), noOptionsText: text('ifsc.search.noOptions') };

  return (
    <Dialog open={open} onClose={onClose} fullScreen={fullScreen} fullWidth maxWidth="sm" aria-labelledby={`${id}-title`}>
      <DialogTitle id={`${id}-title`}>{text('ifsc.search.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <SearchableSelect
            {...common}
            id={`${id}-bank`}
            autoFocus
            label={text('ifsc.search.bank')}
            options={banks.list}
            loading={banks.loading}
            value={bank}
            optionLabel={asText}
            onChange={(next) => {
              setBank(next);
              setState(null);
              setCity(null);
              setBranch(null);
            }}
          />
          <SearchableSelect
            {...common}
            id={`${id}-state`}
            label={text('ifsc.search.state')}
            options={states.list}
            loading={states.loading}
            disabled={!bank}
            value={state}
            optionLabel={asText}
            onChange={(next) => {
              setState(next);
              setCity(null);
              setBranch(null);
            }}
          />
          <SearchableSelect
            {...common}
            id={`${id}-city`}
            label={text('ifsc.search.city')}
            options={cities.list}
            loading={cities.loading}
            disabled={!state}
            value={city}
            optionLabel={asText}
            onChange={(next) => {
              setCity(next);
              setBranch(null);
            }}
          />
          <SearchableSelect
            {...common}
            id={`${id}-branch`}
            label={text('ifsc.search.branch')}
            options={branches.list}
            loading={branches.loading}
            disabled={!city}
            value={branch}
            optionLabel={branchName}
            optionDetail={branchCode}
            optionKey={branchCode}
            onChange={setBranch}
          />
          {branch && (
            <Box role="status">
              <Typography sx={{ fontWeight: 500 }}>{text('ifsc.search.chosen', { ifsc: branch.ifsc_code })}</Typography>
              <Typography variant="body2" color="text.secondary">
                {branch.address}
              </Typography>
            </Box>
          )}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} sx={{ minHeight: 44 }}>
          {text('ifsc.search.cancel')}
        </Button>
        <Button variant="contained" disabled={!branch} onClick={() => branch && onChoose(branch)} sx={{ minHeight: 44 }}>
          {text('ifsc.search.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
