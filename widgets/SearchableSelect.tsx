import { useMemo, useRef, type HTMLAttributes } from 'react';
import Autocomplete, { createFilterOptions } from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useListRef } from 'react-window';
import { VIRTUAL_OPTION_HEIGHT, VirtualListbox, type VirtualListboxProps } from './VirtualListbox';

/** The props of {@link SearchableSelect}. */
export interface SearchableSelectProps<T> {
  id: string;
  /** The visible label. */
  label: string;
  options: readonly T[];
  value: T | null;
  onChange(value: T | null): void;
  /** The text of an option: shown, and what typing filters on. */
  optionLabel(option: T): string;
  /** A second line under an option (a branch's IFSC). */
  optionDetail?(option: T): string;
  /** What tells two options apart (default: the label). */
  optionKey?(option: T): string;
  required?: boolean;
  disabled?: boolean;
  autoFocus?: boolean;
  loading?: boolean;
  loadingText: string;
  noOptionsText: string;
}

/**
 * A required select whose long list filters as the merchant types (MUI Autocomplete) and keeps only the options in
 * view in the page ({@link VirtualListbox}): the lists of the IFSC search (every bank, a big city's branches).
 * Keyboard: type to filter, arrows to move (the list scrolls along), Enter to choose, Escape to close.
 */
export function SearchableSelect<T>({
  id,
  label,
  options,
  value,
  onChange,
  optionLabel,
  optionDetail,
  optionKey = optionLabel,
  required,
  disabled,
  autoFocus,
  loading,
  loadingText,
  noOptionsText,
}: SearchableSelectProps<T>) {
  const listRef = useListRef(null);
  // The options left by the last filtering, in the order shown: where the highlighted one is in the list.
  const shown = useRef<T[]>([]);
  const filterOptions = useMemo(() => {
    const filter = createFilterOptions<T>({ stringify: optionLabel });
    return (all: T[], state: Parameters<typeof filter>[1]) => (shown.current = filter(all, state));
  }, [optionLabel]);

  return (
    <Autocomplete<T>
      id={id}
      options={options}
      value={value}
      onChange={(_event, next) => onChange(next)}
      filterOptions={filterOptions}
      getOptionLabel={optionLabel}
      getOptionKey={optionKey}
      isOptionEqualToValue={(option, chosen) => optionKey(option) === optionKey(chosen)}
      autoHighlight
      // The text box itself is the tap target on a phone: at least 44 px high, not only the outlined box around it.
      sx={{ '& .MuiAutocomplete-inputRoot .MuiAutocomplete-input': { minHeight: 44, boxSizing: 'border-box' } }}
      disabled={disabled}
      loading={loading}
      loadingText={loadingText}
      noOptionsText={noOptionsText}
      onHighlightChange={(_event, option) => {
        const index = option === null ? -1 : shown.current.indexOf(option);
        if (index >= 0) listRef.current?.scrollToRow({ index, align: 'auto' });
      }}
      renderOption={({ key, ...optionProps }, option) => (
        <Box component="div" key={key} {...(optionProps as HTMLAttributes<HTMLDivElement>)} sx={{ minHeight: VIRTUAL_OPTION_HEIGHT, flexDirection: 'column', alignItems: 'flex-start !important', justifyContent: 'center' }}>
          <Typography noWrap sx={{ maxWidth: '100%' }}>{optionLabel(option)}</Typography>
          {optionDetail && (
            <Typography variant="caption" color="text.secondary" noWrap sx={{ maxWidth: '100%' }}>
              {optionDetail(option)}
            </Typography>
          )}
        </Box>
      )}
      renderInput={(params) => <TextField {...params} label={label} required={required} autoFocus={autoFocus} />}
      slotProps={{ listbox: { component: VirtualListbox, listRef } as VirtualListboxProps }}
    />
  );
}
