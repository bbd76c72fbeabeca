import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import type { Catalogue } from '../schemas/messages';
import { ErrorBox } from './ErrorBox';

/** What {@link StepFormFooter} shows: StepForm's own props for the end of the form. */
export interface StepFormFooterProps {
  children?: ReactNode;
  problems: readonly string[];
  onDismissProblems?(): void;
  problemReference?: string;
  /** Whether there is a submit button, and its text. */
  submit?: { text?: string; busy: boolean };
  catalogue: Catalogue;
}

/**
 * Carries the footer's props past rjsf's `Form`: the form is rendered once per change of its schema, data source or
 * errors, while the caller's children, problems and busy state change on every keystroke. A store rather than a
 * context value: a new context value makes React search the whole form (thousands of components) for its readers.
 */
export class StepFormFooterStore {
  private props: StepFormFooterProps;
  private readonly listeners = new Set<() => void>();

  constructor(props: StepFormFooterProps) {
    this.props = props;
  }

  /** Shows `props` (after StepForm rendered). */
  set(props: StepFormFooterProps): void {
    if (sameFooter(props, this.props)) return;
    this.props = props;
    for (const listener of this.listeners) listener();
  }

  get = (): StepFormFooterProps => this.props;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
}

function sameFooter(a: StepFormFooterProps, b: StepFormFooterProps): boolean {
  return (
    a.children === b.children &&
    a.problems === b.problems &&
    a.onDismissProblems === b.onDismissProblems &&
    a.problemReference === b.problemReference &&
    a.catalogue === b.catalogue &&
    a.submit?.text === b.submit?.text &&
    a.submit?.busy === b.submit?.busy
  );
}

/** The store of the StepForm around; its identity never changes, so providing it costs nothing. */
export const StepFormFooterContext = createContext<StepFormFooterStore | null>(null);

/** The end of a step form: the caller's children, the "Oh no!" box and the submit button. */
export function StepFormFooter() {
  const store = useContext(StepFormFooterContext);
  if (!store) throw new Error('StepFormFooter is rendered by StepForm');
  return <StepFormFooterContent store={store} />;
}

function StepFormFooterContent({ store }: { store: StepFormFooterStore }) {
  const footer = useSyncExternalStore(store.subscribe, store.get);
  const { children, problems, onDismissProblems, problemReference, submit, catalogue } = footer;
  return (
    <>
      {children}
      <Box sx={{ mt: 3, display: 'grid', gap: 2 }}>
        <ErrorBox messages={problems} onClose={onDismissProblems} reference={problemReference} catalogue={catalogue} />
        {submit && (
          <Box>
            <Button
              type="submit"
              variant="contained"
              disabled={submit.busy}
              startIcon={submit.busy ? <CircularProgress size={18} color="inherit" /> : undefined}
              sx={{ width: { xs: '100%', sm: 'auto' } }}
            >
              {submit.text}
            </Button>
          </Box>
        )}
      </Box>
    </>
  );
}
