import type { ChaosUser } from './chaos-user.ts';
import type { ReadContext, WriteKind } from './write-kinds.ts';
import type { LostWrite, WriteRecord } from './write-record.ts';

/**
 * Reads every slot the stream wrote back from the database and compares it with the record.
 * Call it with the writers paused: then no write is in flight, and one of unknown outcome either
 * committed before its server died or never will.
 */
export async function verifyWrites(
  users: ChaosUser[],
  kinds: WriteKind[],
  record: WriteRecord,
  contextFor: (user: ChaosUser) => ReadContext,
): Promise<LostWrite[]> {
  const lost: LostWrite[] = [];
  const replaceSlots = record.replaceSlots();
  const appendSlots = record.appendSlots();
  for (const user of users) {
    for (const kind of kinds) {
      const found = await kind.read(contextFor(user));
      if (!found) continue;
      const prefix = `${kind.name}:${user.id}`;
      const mine = (s: string) => s === prefix || s.startsWith(`${prefix}:`);
      if (kind.shape === 'replace') {
        for (const s of replaceSlots.filter(mine)) lost.push(...record.checkReplace(s, found.get(s)));
      } else {
        for (const s of appendSlots.filter(mine)) {
          lost.push(...record.checkAppend(s, (found.get(s) as Map<string, unknown> | undefined) ?? new Map()));
        }
      }
    }
  }
  return lost;
}
