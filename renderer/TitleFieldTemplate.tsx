import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { TitleFieldProps } from '@rjsf/utils';

/**
 * A section's title (an address, the beneficial owners) as the theme draws it, but as an `h4`: a step's form sits
 * under the step's row heading (`h3`), and the theme's `h5` would skip a level for screen readers' heading list. A form
 * under a page section's `h2` (the operations console) asks for `h3` (StepForm's `titleLevel`).
 */
export function TitleFieldTemplate({ id, title, optionalDataControl, registry }: TitleFieldProps) {
  const level = (registry.formContext as { titleLevel?: 3 | 4 } | undefined)?.titleLevel ?? 4;
  return (
    <Box id={id} sx={{ mb: 1, mt: 1 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Typography component={`h${level}`} variant="h6" sx={{ flexGrow: 1 }}>
          {title}
        </Typography>
        {optionalDataControl}
      </Box>
      {/* MUI's Divider as it draws it (a thin rule in the divider colour), without its component in every step's load. */}
      <Box component="hr" sx={{ m: 0, flexShrink: 0, border: 0, borderBottom: 'thin solid', borderColor: 'divider' }} />
    </Box>
  );
}
