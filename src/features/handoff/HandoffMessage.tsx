import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** What a hand-off screen shows when it cannot hand off: a title and, for some, a line under it. */
export function HandoffMessage({ title, detail }: { title: string; detail?: string }) {
  return (
    <Box component="main" sx={{ p: 3, textAlign: 'center', maxWidth: 480, mx: 'auto' }}>
      <Typography variant="h5" component="h1">
        {title}
      </Typography>
      {detail && <Typography sx={{ mt: 2 }}>{detail}</Typography>}
    </Box>
  );
}
