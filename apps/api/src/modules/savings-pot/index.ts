// The savings pot's public file: the emergency fund and the lifestyle goals keep their money with it.
export { announceMilestone, milestoneToAnnounce } from './milestones.ts';
export { savingsPotModule } from './module.ts';
export {
  MADE_BY_NEST,
  MAX_POT_CENTS,
  type PotEntry,
  type PotEntryInput,
  type PotState,
  type PotSubject,
  type PotWords,
  SavingsPot,
} from './savings-pot.ts';
