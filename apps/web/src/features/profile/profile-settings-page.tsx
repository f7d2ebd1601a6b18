import { useQueryClient } from '@tanstack/react-query';
import { DataExportSection } from './data-export-section.tsx';
import { DeleteAccountSection } from './delete-account-section.tsx';
import { DetailsSection } from './details-section.tsx';
import { PasskeysSection } from './passkeys-section.tsx';
import { PasswordSection } from './password-section.tsx';
import styles from './profile-settings-page.module.css';
import { RemindersSection } from './reminders-section.tsx';
import { SESSIONS_KEY, SessionsSection } from './sessions-section.tsx';
import { TwoFactorSection } from './two-factor-section.tsx';

export function ProfileSettingsPage() {
  const client = useQueryClient();
  return (
    <div className={styles.page}>
      <h1>Profile Settings</h1>
      <DetailsSection />
      {/* A password change signs out the other devices, so their list changes too. */}
      <PasswordSection onChanged={() => void client.invalidateQueries({ queryKey: SESSIONS_KEY })} />
      <RemindersSection />
      <TwoFactorSection />
      <PasskeysSection />
      <SessionsSection />
      <DataExportSection />
      <DeleteAccountSection />
    </div>
  );
}
