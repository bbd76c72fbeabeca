import { TextInput } from '../../../ui/TextInput';
import { t } from '../../shared/ui/t';

/**
 * The e-mail or mobile number a person signs in with, as password managers and autofill know it (`username`): the
 * sign-in and unlock pages' one field of it.
 */
export function IdentityField({ value, onChange, disabled }: { value: string; onChange: (value: string) => void; disabled: boolean }) {
  return (
    <TextInput
      id="identity"
      name="username"
      label={t('auth.identity.label')}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      autoComplete="username"
      inputProps={{ maxLength: 254, autoCapitalize: 'none', spellCheck: false }}
      required
      disabled={disabled}
    />
  );
}
