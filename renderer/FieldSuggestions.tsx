import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { suggestionsCaptionId, type FieldSuggestion } from './fieldSuggestionData';

/**
 * "Pick one of these, or type": the values a lookup found for a text field (its uiSchema's `ui:suggestions`, which a
 * step definition's rule sets from the answer), each a button that sets the field, under the caption
 * `ui:suggestionsLabel`. The field stays a text input: typing another value is always possible, and the schema and the
 * server judge a picked value as a typed one. The picked one is marked pressed.
 */
export default function FieldSuggestions({ fieldId, suggestions, caption, value, onPick }: { fieldId: string; suggestions: FieldSuggestion[]; caption?: string; value: unknown; onPick: (value: string) => void }) {
  if (suggestions.length === 0) return null;
  const captionId = suggestionsCaptionId(fieldId);
  return (
    <Box role="group" aria-labelledby={caption ? captionId : undefined} sx={{ mt: 1 }}>
      {caption && (
        <Typography id={captionId} variant="body2" color="text.secondary" gutterBottom>
          {caption}
        </Typography>
      )}
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
        {suggestions.map((suggestion) => (
          <Button
            key={suggestion.value}
            variant={value === suggestion.value ? 'contained' : 'outlined'}
            aria-pressed={value === suggestion.value}
            onClick={() => onPick(suggestion.value)}
            // A fingertip's height (44 px) at least; a long value wraps on a 360 px phone.
            sx={{ minHeight: 44, justifyContent: 'flex-start', textAlign: 'left', textTransform: 'none', flexDirection: 'column', alignItems: 'flex-start', overflowWrap: 'anywhere' }}
          >
            <Box component="span" sx={{ fontWeight: 600, letterSpacing: 0.5 }}>
              {suggestion.value}
            </Box>
            {suggestion.label && (
              <Box component="span" sx={{ typography: 'body2' }}>
                {suggestion.label}
              </Box>
            )}
          </Button>
        ))}
      </Box>
    </Box>
  );
}
