import { LegalPage } from './legal-page.tsx';
import { termsOfService } from './terms-of-service.ts';

export function TermsPage() {
  return <LegalPage document={termsOfService} />;
}
