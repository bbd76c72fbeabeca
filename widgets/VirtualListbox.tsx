import { Children, cloneElement, forwardRef, isValidElement, useMemo, type CSSProperties, type HTMLAttributes, type ReactElement, type Ref } from 'react';
import { List, type ListImperativeAPI, type RowComponentProps } from 'react-window';

/** Height of one option: 48 px, a comfortable tap target on a phone. */
export const VIRTUAL_OPTION_HEIGHT = 48;
/** Options visible at once; the others are rendered only when scrolled to. */
const VISIBLE_OPTIONS = 7;

type OptionElement = ReactElement<{ style?: CSSProperties }>;

function OptionRow({ index, style, options }: RowComponentProps<{ options: OptionElement[] }>) {
  const option = options[index]!;
  return cloneElement(option, {
    style: { ...option.props.style, ...style },
    'aria-setsize': options.length,
    'aria-posinset': index + 1,
  } as Partial<{ style: CSSProperties }>);
}

/** The props MUI's Autocomplete gives its listbox, and the one a virtual list adds. */
export type VirtualListboxProps = HTMLAttributes<HTMLElement> & {
  /** Where the list's scrolling API is put, to bring the option highlighted by the keyboard into view. */
  listRef?: Ref<ListImperativeAPI>;
};

/**
 * The listbox of an MUI Autocomplete with thousands of options (every bank, a big city's branches): only the
 * options in view (and a few either side) are in the page, with react-window. Its options are the elements the
 * Autocomplete's `renderOption` returns, each with a key.
 */
export const VirtualListbox = forwardRef<HTMLDivElement, VirtualListboxProps>(function VirtualListbox(props, ref) {
  const { children, listRef, className, style: _style, ...listboxProps } = props;
  const options = useMemo(() => Children.toArray(children).filter(isValidElement) as OptionElement[], [children]);
  const height = Math.min(options.length, VISIBLE_OPTIONS) * VIRTUAL_OPTION_HEIGHT;

  return (
    <div ref={ref} {...listboxProps}>
      <List
        className={className}
        listRef={listRef}
        rowCount={options.length}
        rowHeight={VIRTUAL_OPTION_HEIGHT}
        rowComponent={OptionRow}
        rowProps={{ options }}
        defaultHeight={height}
        overscanCount={5}
        style={{ height, maxHeight: 'none', padding: 0 }}
      />
    </div>
  );
});
