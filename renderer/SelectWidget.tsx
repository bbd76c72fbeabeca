import ThemeSelectWidget from '@rjsf/mui/lib/SelectWidget/SelectWidget.js';
import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';

type SelectMuiOptions = {
  rjsfSlotProps?: { select?: { SelectDisplayProps?: Record<string, unknown> } & Record<string, unknown> };
} & Record<string, unknown>;

/**
 * The theme's select, full width like the text inputs, with its error, description and help ids on the combobox
 * itself: @rjsf/mui puts `aria-describedby` on the TextField's wrapper, where screen readers never announce a
 * field's error.
 */
export function SelectWidget(props: WidgetProps) {
  const { id, options } = props;
  const mui = (options.mui ?? {}) as SelectMuiOptions;
  const select = mui.rjsfSlotProps?.select;
  const describedMui: SelectMuiOptions = {
    ...mui,
    rjsfSlotProps: {
      ...mui.rjsfSlotProps,
      select: { ...select, SelectDisplayProps: { ...select?.SelectDisplayProps, 'aria-describedby': ariaDescribedByIds(id) } },
    },
  };
  return <ThemeSelectWidget fullWidth {...props} options={{ ...options, mui: describedMui }} />;
}
