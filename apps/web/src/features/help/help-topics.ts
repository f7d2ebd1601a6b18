export interface HelpTopic {
  /** Stable id, 1..9, used by the route HelpDetail/{id}. */
  id: number;
  /** Route parameter of help-center/{slug}. */
  slug: string;
  title: string;
  /** One sentence for the help-centre card. */
  summary: string;
  learnMore: string[];
  whatItDoes: string;
  technicalDetails: { title: string; points: string[] };
  conclusion?: string[];
}

export const HELP_TOPICS: readonly HelpTopic[] = [
  {
    id: 1,
    slug: 'money-nest',
    title: 'Money Nest',
    summary: 'Record income as it arrives and let your Nest split each deposit across your plan.',
    learnMore: [
      'The Money Nest, also called your Nest Account, is where your plan starts. Each time you’re paid — a paycheck, ' +
        'a side gig, a refund — you record the deposit in Helo. The Nest then divides it up using rules you set, so ' +
        'you can see right away how much goes to spending, debt, savings and investing.',
      'Your rules can use a percentage (for example, 10% to your emergency fund) or a fixed amount (for example, ' +
        '$150 to your car loan). You can send money to your Wallet, your loan payments, your emergency fund, your ' +
        'lifestyle goals and your investments, and change the rules whenever your situation changes.',
      'Helo is not a bank, and no real money moves through the Nest. It’s a record and a plan: you still move the ' +
        'money yourself in your bank or other accounts. The Nest helps you decide where each dollar should go and ' +
        'keeps track of it.',
    ],
    whatItDoes:
      'The Money Nest takes each deposit you record, applies your split rules, and shows exactly how much of it is ' +
      'planned for your Wallet, loans, emergency fund, goals and investments. Every deposit and every split is kept ' +
      'in a ledger, so you can look back at where your income was meant to go.',
    technicalDetails: {
      title: 'How It Works Technically',
      points: [
        'You enter each deposit by hand with its amount and date; Helo doesn’t receive or hold any money.',
        'Each split rule is either a percentage of the deposit or a fixed dollar amount.',
        'Rules can point to your Wallet, loan payments, emergency fund, lifestyle goals or investments.',
        'Every deposit and the amounts it was split into are saved as entries in the Nest ledger.',
        'You can change your rules at any time; the ledger keeps the history of past deposits and their splits.',
      ],
    },
    conclusion: [
      'Think of the Nest as a habit helper: record income as it lands, let your rules do the math, then move the ' +
        'money in your real accounts to match. Over time, the ledger gives you a clear picture of where your income ' +
        'goes.',
    ],
  },
  {
    id: 2,
    slug: 'emergency-fund',
    title: 'Emergency Fund',
    summary: 'Build a cushion of 3 to 6 months of expenses and track your progress toward it.',
    learnMore: [
      'An emergency fund is money set aside for the unexpected: a job loss, a medical bill, a car repair. Having it ' +
        'means a surprise expense doesn’t have to go on a credit card or derail the rest of your plan.',
      'A common guideline is to save 3 to 6 months of essential expenses. If your income is steady and you have few ' +
        'dependents, the lower end may be enough. If your income varies, you’re self-employed or others rely on you, ' +
        'aiming closer to 6 months gives you more room.',
      'Emergency money works best somewhere safe and easy to reach, such as a savings account at a bank or credit ' +
        'union, rather than invested in something whose value can drop right when you need it.',
    ],
    whatItDoes:
      'Emergency Fund turns your monthly expenses into a clear target between 3 and 6 months’ worth, then tracks how ' +
      'much you’ve saved so far and how far you have to go. Money you direct here from your Money Nest counts toward ' +
      'your progress.',
    technicalDetails: {
      title: 'How It Works Technically',
      points: [
        'Your target is your monthly expenses multiplied by the number of months you choose, from 3 to 6.',
        'Progress is the amount you’ve recorded as saved divided by your target, shown as a percentage.',
        'Money Nest split rules can send part of each deposit to your emergency fund.',
        'Balances are the amounts you enter; Helo doesn’t hold or move your savings.',
      ],
    },
    conclusion: [
      'Start small if you need to — even one month of expenses makes a real difference — and build toward your full ' +
        'target over time.',
    ],
  },
  {
    id: 3,
    slug: 'wallet',
    title: 'Wallet',
    summary: 'Track your everyday spending and see how it compares with your budget.',
    learnMore: [
      'Your Wallet is for day-to-day spending money: groceries, gas, dining out, subscriptions. It shows what you’ve ' +
        'spent so far and how that lines up with the amounts you planned in your budget.',
      'You can add transactions by hand, or import them from a CSV or OFX file that you export from your bank’s ' +
        'website. Helo doesn’t need your bank login to do this — you download the file and upload it yourself.',
      'Seeing your spending next to your plan makes it easier to notice when a category is running ahead, so you can ' +
        'adjust before the month is over instead of after.',
    ],
    whatItDoes:
      'The Wallet keeps a list of your spending transactions, groups them by budget category, and compares what ' +
      'you’ve spent with what you planned. Money your Money Nest rules send to the Wallet is your spending money for ' +
      'the month.',
    technicalDetails: {
      title: 'How It Works Technically',
      points: [
        'Transactions can be entered manually or imported from bank export files in CSV or OFX format.',
        'Each transaction has a date, an amount, a description and a budget category.',
        'Spending in each category is totalled for the month and compared with the planned amount in your budget.',
        'The Wallet is a record of your spending; no payments are made through Helo.',
      ],
    },
  },
  {
    id: 4,
    slug: 'loan-payments',
    title: 'Loan Payments',
    summary: 'See your debts in one place, estimate payoff dates and compare ways to pay them down faster.',
    learnMore: [
      'My Loans brings your debts together — credit cards, student loans, car loans, personal loans and more — and ' +
        'estimates when each one could be paid off. For each loan, Helo estimates how much of your next payment goes ' +
        'to interest: your remaining balance times your annual rate, divided by 12.',
      'You can build a payoff plan using the avalanche method (highest interest rate first, which usually saves the ' +
        'most interest), the snowball method (smallest balance first, for quicker wins) or your own order. Adding an ' +
        'optional extra amount each month shows how much sooner you could be debt-free. You can also compare paying ' +
        'monthly with paying half a payment every two weeks: 26 half-payments a year add up to 13 full payments ' +
        'instead of 12.',
      'Automated loan payments are coming soon. The idea is to set money aside twice a month into an ' +
        'interest-earning savings bucket, so it can earn a little interest until your loan payment is due. As with ' +
        'everything in Helo, this will be a plan you follow in your own accounts — Helo won’t move money or pay your ' +
        'lenders.',
    ],
    whatItDoes:
      'My Loans estimates interest, payoff dates and total interest for each debt, compares payment schedules and ' +
      'payoff strategies side by side, and shows the effect of paying extra. All figures are projected estimates to ' +
      'help you plan, not financial advice.',
    technicalDetails: {
      title: 'How It Works Technically',
      points: [
        'Interest for the next payment is estimated as remaining balance × annual rate ÷ 12.',
        'The every-two-weeks comparison uses 26 half-payments a year with a per-period rate of APR ÷ 26.',
        'Avalanche orders debts by highest interest rate, snowball by smallest balance, or you set the order yourself.',
        'Any extra monthly amount goes to the first debt in your plan; when it’s paid off, its payment rolls to the ' +
          'next one.',
        'Automated loan payments (coming soon) will plan set-asides twice a month into an interest-earning savings ' +
          'bucket before each payment is due.',
        'Your lender may calculate interest differently (for example, daily) or hold partial payments, so check your ' +
          'loan terms before changing how you pay.',
      ],
    },
    conclusion: [
      'Projections are estimates based on the figures you enter and assume your rate and payments stay the same. ' +
        'They aren’t financial advice — your lender’s statements are the final word on what you owe.',
    ],
  },
  {
    id: 5,
    slug: 'goal-planning',
    title: 'Goal Planning',
    summary: 'Save for travel, a car, a home, a wedding or education over 1, 3, 5 or 10 years.',
    learnMore: [
      'Lifestyle savings goals help you plan for the bigger things you want: a trip, a car, a down payment on a ' +
        'home, a wedding or education. You choose a goal, a target amount and a time frame of 1, 3, 5 or 10 years.',
      'Helo then shows how much you’d need to set aside each month to get there. Breaking a large number into a ' +
        'monthly amount makes it easier to fit into your budget and to see whether the time frame is realistic.',
      'If the monthly amount feels too high, try a longer time frame or a smaller target. You can send money to your ' +
        'goals automatically with Money Nest split rules.',
    ],
    whatItDoes:
      'Goal Planning tracks each lifestyle savings goal over 1, 3, 5 or 10 years, shows how much you’ve saved, and ' +
      'estimates the monthly amount needed to reach your target on time.',
    technicalDetails: {
      title: 'How It Works Technically',
      points: [
        'Each goal has a type (travel, car, home, wedding or education), a target amount and a horizon of 1, 3, 5 or ' +
          '10 years.',
        'The monthly amount needed is estimated from what you still need to save and the months left in your horizon.',
        'Progress is the amount saved so far compared with your target.',
        'Money Nest split rules can send part of each deposit to any of your goals.',
      ],
    },
    conclusion: [
      'Monthly amounts are estimates to guide your planning. Revisit your goals now and then — as prices and ' +
        'priorities change, your targets may need to change too.',
    ],
  },
  {
    id: 6,
    slug: 'budget-builder',
    title: 'Budget Builder',
    summary: 'Plan your month: your net income, what you’ll spend in each category and how it fits 50/30/20.',
    learnMore: [
      'A budget is simply a plan for your money. Budget Builder starts with your net income — your take-home pay ' +
        'after taxes and deductions — and lets you plan an amount for each spending category.',
      'To help you check the balance of your plan, Helo compares it with the 50/30/20 guideline: about 50% of net ' +
        'income for needs (housing, utilities, groceries, minimum debt payments), 30% for wants (dining out, ' +
        'hobbies, entertainment) and 20% for savings and extra debt payments.',
      'The 50/30/20 split is a starting point, not a rule. In a high-cost area, needs may take more than half; if ' +
        'you’re paying off debt aggressively, savings and debt may take more than 20%. What matters is a plan that ' +
        'works for you.',
    ],
    whatItDoes:
      'Budget Builder creates your monthly plan, totals your planned amounts by needs, wants and savings, and shows ' +
      'how your split compares with 50/30/20. Your Wallet then compares actual spending with this plan.',
    technicalDetails: {
      title: 'How It Works Technically',
      points: [
        'You enter your monthly net income and a planned amount for each category.',
        'Each category belongs to a group: needs, wants or savings.',
        'Group totals are shown as a share of net income next to the 50/30/20 guideline.',
        'Your Wallet uses these planned amounts to compare what you actually spend in each category.',
      ],
    },
  },
  {
    id: 7,
    slug: 'investment-tracker',
    title: 'Investment Tracker',
    summary: 'Follow your 401(k), IRA, Roth IRA, brokerage and HSA balances and see a retirement projection.',
    learnMore: [
      'The Investment Tracker brings your investment accounts together in one view: 401(k), traditional IRA, Roth ' +
        'IRA, taxable brokerage accounts and health savings accounts (HSAs). You record each account’s balance, and ' +
        'Helo charts how it changes over time.',
      'Helo also gives you a retirement projection — a rough estimate of what your savings could grow to, based on ' +
        'the figures you enter. It can help you see whether you’re broadly on track or might want to save more.',
      'Investment returns are never guaranteed. Markets go up and down, and real results can be higher or lower than ' +
        'any projection. The projection is an estimate, not financial advice.',
    ],
    whatItDoes:
      'The Investment Tracker records your account balances, shows your total and each account’s history over time, ' +
      'and estimates where your retirement savings could be in the future.',
    technicalDetails: {
      title: 'How It Works Technically',
      points: [
        'Supported account types: 401(k), IRA, Roth IRA, brokerage and HSA.',
        'Balances are entered by you; Helo doesn’t connect to or trade in your accounts.',
        'Each balance you record is saved with its date, building a history for charts.',
        'The retirement projection is an estimate that assumes a steady rate of growth; actual returns will vary.',
      ],
    },
    conclusion: [
      'Update your balances regularly — monthly or quarterly works well — so your history and projection stay ' +
        'useful. For decisions about what to invest in, consider talking with a qualified professional.',
    ],
  },
  {
    id: 8,
    slug: 'vault',
    title: 'Vault',
    summary: 'Keep important financial documents in one secure place.',
    learnMore: [
      'The Vault is a place for the paperwork behind your finances: tax returns, pay stubs, loan agreements, ' +
        'insurance policies, account statements. Keeping them together means you can find what you need when you ' +
        'apply for a loan, file taxes or handle an emergency.',
      'You can upload documents, download them again, rename them so they’re easy to find, and delete ones you no ' +
        'longer need. Files are encrypted at rest, which means they’re stored in encrypted form.',
    ],
    whatItDoes:
      'The Vault stores your uploaded financial documents securely and lets you download, rename or delete them ' +
      'whenever you like.',
    technicalDetails: {
      title: 'How It Works Technically',
      points: [
        'Documents are uploaded from your device and stored encrypted at rest.',
        'You can download a copy of any document at any time.',
        'Renaming changes the name shown in your Vault; the file itself isn’t changed.',
        'Deleting a document removes it from your Vault.',
      ],
    },
    conclusion: [
      'Keep your own backups of documents you can’t replace, and use a strong, unique password for your Helo account.',
    ],
  },
  {
    id: 9,
    slug: 'chat',
    title: 'Connect with an Advisor',
    summary: 'Ask to be connected with a financial professional for help Helo can’t give on its own.',
    learnMore: [
      'Some questions need a person. “Chat with Helo advisor” lets you send a request to be connected with a ' +
        'financial professional who can look at your situation in detail.',
      'You can choose the kind of help you’re looking for: a Financial Advisor, a Financial Coach, an Accountant, an ' +
        'Estate Planning Attorney, a property and casualty (P&C) insurance professional, a Mortgage Broker or a Real ' +
        'Estate Agent.',
      'Helo itself is not a financial adviser, and the tools in Helo are for planning, not advice. Any advice you ' +
        'receive comes from the professional you speak with, not from Helo.',
    ],
    whatItDoes:
      'Connect with an Advisor sends your request, with the type of professional you chose, so you can be put in ' +
      'touch with someone who can help.',
    technicalDetails: {
      title: 'How It Works Technically',
      points: [
        'You choose a professional type: Financial Advisor, Financial Coach, Accountant, Estate Planning Attorney, ' +
          'P&C Insurance, Mortgage Broker or Real Estate Agent.',
        'Submitting the form sends a request to be connected; it doesn’t book an appointment on its own.',
        'Only share the details needed for the request; you can discuss specifics directly with the professional.',
        'Professionals are separate from Helo and are responsible for the advice they give.',
      ],
    },
    conclusion: [
      'Before you act on advice, ask the professional about their qualifications and how they’re paid, so you know ' +
        'what to expect.',
    ],
  },
];

export function findTopicBySlug(slug: string | undefined): HelpTopic | undefined {
  if (slug === undefined) return undefined;
  return HELP_TOPICS.find((topic) => topic.slug === slug);
}

export function findTopicById(id: string | undefined): HelpTopic | undefined {
  if (id === undefined || !/^\d+$/.test(id)) return undefined;
  const numericId = Number(id);
  return HELP_TOPICS.find((topic) => topic.id === numericId);
}
