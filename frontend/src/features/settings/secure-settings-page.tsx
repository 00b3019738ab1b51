import { PasskeysSection } from './passkeys-section';
import { TotpSection } from './totp-section';

// /settings/account/secure: the second factor (TOTP with recovery codes) and passkeys.
export function SecureSettingsPage() {
  return (
    <>
      <TotpSection />
      <PasskeysSection />
    </>
  );
}
