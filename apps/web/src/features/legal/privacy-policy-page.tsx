import { LegalPage } from './legal-page.tsx';
import { privacyPolicy } from './privacy-policy.ts';

export function PrivacyPolicyPage() {
  return <LegalPage document={privacyPolicy} />;
}
