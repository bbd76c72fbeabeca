import Button from '@mui/material/Button';
import { chooseLanguage, chosenLanguage, LANGUAGES } from './language';
import { t } from './t';

/** Switches between English and Hindi: the button names the other language, in that language. */
export function LanguageSwitch() {
  const current = chosenLanguage();
  const other = LANGUAGES.find(({ code }) => code !== current)!;
  return (
    <Button lang={other.code} aria-label={`${t('app.language')}: ${other.name}`} onClick={() => void chooseLanguage(other.code)}>
      {other.name}
    </Button>
  );
}
