// The investments' public file: what other modules and the app's assembly use of them.
export { InvestmentsService, investmentsAtAGlance } from './investments.service.ts';
