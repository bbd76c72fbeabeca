import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Typography from '@mui/material/Typography';
import { catalogueFor, message, type Catalogue } from '../schemas/messages';

/** The props of {@link ErrorBox}. */
export interface ErrorBoxProps {
  /** The texts to list; nothing is rendered when there are none. */
  messages: readonly string[];
  /** Called by the close button; the caller clears `messages`. Without it there is no close button. */
  onClose?(): void;
  /** The server's request id of the failure, shown on a line of its own so the merchant can quote it. */
  reference?: string;
  catalogue?: Catalogue;
}

/** The "Oh no!" box: the problems that belong to no single field, such as a failed submit. */
export function ErrorBox({ messages, onClose, reference, catalogue = catalogueFor() }: ErrorBoxProps) {
  if (messages.length === 0) return null;
  return (
    <Alert severity="error" role="alert" onClose={onClose} closeText={message('error.box.close', {}, catalogue)}>
      <AlertTitle>{message('error.box.title', {}, catalogue)}</AlertTitle>
      {messages.length === 1 ? (
        messages[0]
      ) : (
        <ul style={{ margin: 0, paddingInlineStart: '1.25em' }}>
          {messages.map((text) => (
            <li key={text}>{text}</li>
          ))}
        </ul>
      )}
      {reference && <RequestReference id={reference} catalogue={catalogue} />}
    </Alert>
  );
}

/** "Reference: {id}" under an error text: the request id a merchant quotes to support. */
export function RequestReference({ id, catalogue = catalogueFor() }: { id: string; catalogue?: Catalogue }) {
  return (
    <Typography variant="caption" component="p" sx={{ mt: 0.5 }}>
      {message('error.reference', { id }, catalogue)}
    </Typography>
  );
}
