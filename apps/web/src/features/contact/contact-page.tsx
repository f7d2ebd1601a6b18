import { appConfigResponse } from '@helo/contract/app-config';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { AuthCard } from '../../components/layout/auth-card.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { expectFound } from '../../lib/api-client.ts';
import { api } from '../../lib/auth.ts';
import styles from './contact-page.module.css';

export function ContactPage() {
  const navigate = useNavigate();
  const config = useQuery({
    queryKey: ['contact', 'config'],
    queryFn: async () => expectFound(await api.get('/v1/config', appConfigResponse)).data,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const email = config.data?.support_email;
  return (
    <AuthCard title="Get in Touch" subtitle="Contact us by email, and we will get back to you soon.">
      <p className={styles.email}>
        {email ? (
          <a href={`mailto:${email}`}>{email}</a>
        ) : config.isError ? (
          'Our support address could not be loaded.'
        ) : (
          <Spinner label="Loading" />
        )}
      </p>
      <Button variant="secondary" onClick={() => navigate('/dashboard/home')} fullWidth>
        Close
      </Button>
    </AuthCard>
  );
}
