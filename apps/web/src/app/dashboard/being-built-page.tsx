import { MutedText } from '../../components/layout/muted-text.tsx';
import { Panel } from '../../components/layout/panel.tsx';

/** A dashboard page whose feature is not built yet says so plainly; it never shows made-up data. */
export function BeingBuiltPage({ title, about }: { title: string; about: string }) {
  return (
    <Panel title={title} level={1} narrow>
      <MutedText>{about}</MutedText>
      <MutedText>We are building this part of Helo now. It will appear here as soon as it is ready.</MutedText>
    </Panel>
  );
}
