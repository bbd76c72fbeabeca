import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import type { TitleFieldProps } from '@rjsf/utils';

/**
 * A section's title (an address, the beneficial owners) as the theme draws it, but as an `h4`: a step's form sits
 * under the step's row heading (`h3`), and the theme's `h5` would skip a level for screen readers' heading list.
 */
export function TitleFieldTemplate({ id, title, optionalDataControl }: TitleFieldProps) {
  return (
    <Box id={id} sx={{ mb: 1, mt: 1 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Typography component="h4" variant="h6" sx={{ flexGrow: 1 }}>
          {title}
        </Typography>
        {optionalDataControl}
      </Box>
      <Divider />
    </Box>
  );
}
