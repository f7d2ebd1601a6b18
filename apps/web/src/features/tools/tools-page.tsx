import type { Tool } from '@helo/contract/tools';
import { dayLabel } from '@helo/finance/calendar';
import { useEffect, useRef } from 'react';
import { DashboardPage } from '../../components/layout/dashboard-page.tsx';
import { MutedText } from '../../components/layout/muted-text.tsx';
import { Notice } from '../../components/layout/notice.tsx';
import { RecordActions, RecordCard } from '../../components/layout/record-card.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { browserDay } from '../../lib/calendar.ts';
import { toastError, toastSuccess } from '../../lib/toast.ts';
import styles from './tools-page.module.css';
import { useTools, useToolWaitlist } from './use-tools.ts';

const TITLE = 'Coming soon to Helo';

/**
 * /dashboard/tools (decisions.md "Vault, tools waitlist and Home"): the tools Helo is building, one
 * card each, and a waitlist per tool to hear when it opens. Linked from the help menu and from Home.
 */
export function ToolsPage() {
  const tools = useTools();
  if (tools.isError) {
    return (
      <DashboardPage title={TITLE}>
        <Notice tone="error" role="alert">
          We could not load the upcoming tools. Please reload the page.
        </Notice>
      </DashboardPage>
    );
  }
  if (tools.data === undefined) return <Spinner label="Loading the upcoming tools" />;
  return (
    <DashboardPage title={TITLE}>
      <MutedText>
        Tools we are building next. Join a waitlist and we will let you know when the tool opens; you can leave it at
        any time.
      </MutedText>
      <ul className={styles.list}>
        {tools.data.map((tool) => (
          <li key={tool.id}>
            <ToolCard tool={tool} />
          </li>
        ))}
      </ul>
    </DashboardPage>
  );
}

function ToolCard({ tool }: { tool: Tool }) {
  const waitlist = useToolWaitlist(tool.id);
  const joined = tool.on_waitlist;
  // The busy button is disabled, which takes the focus from it: a press by keyboard gets it back
  // once the answer is in, on the same button with its new label.
  const button = useRef<HTMLButtonElement>(null);
  const refocus = useRef(false);
  const pending = waitlist.isPending;
  useEffect(() => {
    if (pending || !refocus.current) return;
    refocus.current = false;
    button.current?.focus();
  }, [pending]);
  const toggle = () => {
    refocus.current = document.activeElement === button.current;
    waitlist.mutate(!joined, {
      onSuccess: ({ message }) =>
        toastSuccess(message, joined ? `You left the ${tool.name} waitlist` : `You're on the ${tool.name} waitlist`),
      onError: (error) => toastError(error),
    });
  };
  return (
    <RecordCard level={2} name={tool.name} kind={joined ? "You're on the list" : 'Coming soon'}>
      <p className={styles.description}>{tool.description}</p>
      {joined && tool.joined_at && (
        <MutedText small>Joined on {dayLabel(browserDay(new Date(tool.joined_at)))}</MutedText>
      )}
      <RecordActions>
        {/*
          One button whose label changes, so the focus comes back to it after joining or leaving. The tool's
          name, hidden from sight, tells the cards' buttons apart for a screen reader.
        */}
        <Button ref={button} variant={joined ? 'secondary' : 'primary'} loading={pending} onClick={toggle}>
          {joined ? 'Leave the waitlist' : 'Join the waitlist'} <span className="visually-hidden">for {tool.name}</span>
        </Button>
      </RecordActions>
    </RecordCard>
  );
}
