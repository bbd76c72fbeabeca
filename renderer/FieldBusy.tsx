import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { ProgressBar } from '../ui/ProgressBar';

/**
 * What a field waits for while a lookup runs (its uiSchema's `ui:busy`, set by the step screen from a definition's
 * lookup `busy`): the text, announced politely, over a progress bar. The field stays usable: the merchant may type.
 */
export function FieldBusy({ text }: { text: string }) {
  return (
    <Box role="status" sx={{ my: 1 }}>
      <Typography variant="body2" color="text.secondary" gutterBottom>
        {text}
      </Typography>
      <ProgressBar label={text} />
    </Box>
  );
}
