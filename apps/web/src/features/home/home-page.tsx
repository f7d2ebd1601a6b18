import { MutedText } from '../../components/layout/muted-text.tsx';
import { Panel } from '../../components/layout/panel.tsx';
import { useCurrentUser } from '../../lib/current-user.ts';

/** The dashboard home; its cards per area arrive with the dashboard issue and each feature. */
export function HomePage() {
  const user = useCurrentUser();
  return (
    <Panel title={`Welcome, ${user?.first_name || 'User'}`} level={1} narrow>
      <MutedText>
        This is your Helo dashboard. Your budget, loans, emergency fund, savings goals and investments will appear here
        as you set them up.
      </MutedText>
      <MutedText small>We are building these sections now; nothing here is a sample or made-up figure.</MutedText>
    </Panel>
  );
}
