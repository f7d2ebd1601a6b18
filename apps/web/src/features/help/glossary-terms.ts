export interface GlossaryTerm {
  term: string;
  definition: string;
}

/** Common personal-finance terms, sorted A–Z by term (case-insensitive). */
export const GLOSSARY_TERMS: readonly GlossaryTerm[] = [
  {
    term: '401(k)',
    definition:
      'A retirement savings plan offered by an employer, funded from your paycheck. Contributions can be pre-tax ' +
      '(traditional) or after-tax (Roth) if your plan offers both, and many employers add a matching contribution.',
  },
  {
    term: 'Amortization',
    definition:
      'Paying off a loan through regular scheduled payments that cover both interest and principal. Early payments ' +
      'go mostly to interest; later payments go mostly to principal.',
  },
  {
    term: 'APR',
    definition:
      'Annual percentage rate: the yearly cost of borrowing, including interest and certain fees, shown as a ' +
      'percentage. It doesn’t include the effect of compounding.',
  },
  {
    term: 'APY',
    definition:
      'Annual percentage yield: the amount a savings account or investment earns in a year, including the effect of ' +
      'compounding. A higher APY means your money grows faster.',
  },
  {
    term: 'Asset',
    definition: 'Anything you own that has value, such as cash, investments, a home or a car.',
  },
  {
    term: 'Avalanche method',
    definition:
      'A debt payoff strategy: make minimum payments on every debt and put any extra money toward the debt with the ' +
      'highest interest rate first. It usually saves the most interest.',
  },
  {
    term: 'Balance',
    definition: 'The amount of money in an account right now, or the amount you still owe on a debt.',
  },
  {
    term: 'Biweekly payments',
    definition:
      'Paying half of a monthly loan payment every two weeks. Since there are 26 two-week periods in a year, you end ' +
      'up making the equivalent of 13 monthly payments instead of 12.',
  },
  {
    term: 'Bond',
    definition:
      'A loan you make to a government or company. In return, it usually pays you interest and repays the original ' +
      'amount on a set date.',
  },
  {
    term: 'Brokerage account',
    definition:
      'An investment account for buying and selling stocks, bonds, funds and other investments. Unlike a 401(k) or ' +
      'IRA, it has no special tax benefits, but you can withdraw money at any time.',
  },
  {
    term: 'Budget',
    definition: 'A plan for how you’ll use your income over a period of time, such as a month.',
  },
  {
    term: 'Capital gain',
    definition:
      'The profit you make when you sell an investment or other asset for more than you paid. Capital gains may be ' +
      'taxed, and assets held for more than a year usually get a lower tax rate.',
  },
  {
    term: 'Certificate of deposit (CD)',
    definition:
      'A savings account that pays a fixed interest rate for a set term, such as 12 months. You usually pay a ' +
      'penalty if you withdraw the money early.',
  },
  {
    term: 'Compound interest',
    definition:
      'Interest earned on both your original amount and the interest already added to it. Over time, it makes ' +
      'savings — and unpaid debts — grow faster.',
  },
  {
    term: 'Credit report',
    definition:
      'A record of your borrowing and repayment history kept by credit bureaus such as Equifax, Experian and ' +
      'TransUnion. You can get free copies at AnnualCreditReport.com.',
  },
  {
    term: 'Credit score',
    definition:
      'A number, usually between 300 and 850, that estimates how likely you are to repay borrowed money. Lenders use ' +
      'it to decide whether to lend to you and at what rate.',
  },
  {
    term: 'Credit utilization',
    definition:
      'The share of your available credit card limits that you’re using. Keeping it low, often below 30%, can help ' +
      'your credit score.',
  },
  {
    term: 'Debt-to-income ratio',
    definition:
      'Your total monthly debt payments divided by your gross monthly income. Lenders use it to judge how much more ' +
      'debt you can handle.',
  },
  {
    term: 'Diversification',
    definition:
      'Spreading your money across different kinds of investments so that a loss in one has less effect on the whole.',
  },
  {
    term: 'Dividend',
    definition: 'A share of a company’s profits paid to its shareholders, usually in cash.',
  },
  {
    term: 'Dollar-cost averaging',
    definition:
      'Investing a fixed amount on a regular schedule, no matter what prices are doing. You buy more shares when ' +
      'prices are low and fewer when they’re high.',
  },
  {
    term: 'Emergency fund',
    definition:
      'Savings set aside for unexpected costs, such as a job loss or car repair. A common target is 3 to 6 months ' +
      'of expenses.',
  },
  {
    term: 'Equity',
    definition:
      'The part of an asset you own outright. Home equity is your home’s value minus what you owe on the mortgage; ' +
      'stocks are also called equities.',
  },
  {
    term: 'Escrow',
    definition:
      'Money held by a third party until it’s due. With a mortgage, an escrow account often collects part of each ' +
      'payment to pay property taxes and homeowners insurance.',
  },
  {
    term: 'Exchange-traded fund (ETF)',
    definition:
      'A fund that holds a collection of investments and trades on a stock exchange like a single stock. Many ETFs ' +
      'track an index.',
  },
  {
    term: 'Expense ratio',
    definition:
      'The yearly fee a mutual fund or ETF charges, shown as a percentage of the money you have invested. A 0.10% ' +
      'expense ratio costs $1 a year for every $1,000 invested.',
  },
  {
    term: 'FDIC insurance',
    definition:
      'Federal protection for deposits at insured banks, generally up to $250,000 per depositor, per bank, for each ' +
      'account ownership category. Credit unions have similar coverage through the NCUA.',
  },
  {
    term: 'Fixed expense',
    definition: 'A cost that stays about the same each month, such as rent, a car payment or an insurance premium.',
  },
  {
    term: 'Fixed rate',
    definition:
      'An interest rate that stays the same for the life of a loan, so your principal and interest payment doesn’t ' +
      'change.',
  },
  {
    term: 'Grace period',
    definition:
      'A window of time when you can pay without being charged interest or a late fee. On most credit cards, paying ' +
      'the full statement balance by the due date means no interest on new purchases.',
  },
  {
    term: 'Gross income',
    definition: 'Your total income before taxes and other deductions are taken out.',
  },
  {
    term: 'High-yield savings account',
    definition:
      'A savings account that pays a higher interest rate than a typical savings account, often offered by online ' +
      'banks. It’s a common home for an emergency fund.',
  },
  {
    term: 'HSA',
    definition:
      'Health savings account: a tax-advantaged account for people with a high-deductible health plan. Money goes in ' +
      'before federal tax, can be invested, and comes out tax-free when used for qualified medical expenses.',
  },
  {
    term: 'Index fund',
    definition:
      'A mutual fund or ETF that aims to match the performance of a market index, such as the S&P 500. Index funds ' +
      'usually have low fees.',
  },
  {
    term: 'Inflation',
    definition:
      'The general rise in prices over time. As prices rise, each dollar buys less, so money that isn’t growing ' +
      'loses value.',
  },
  {
    term: 'Interest',
    definition:
      'The cost of borrowing money, or what you earn for saving or lending it, usually shown as a yearly percentage.',
  },
  {
    term: 'IRA',
    definition:
      'Individual retirement account: a retirement account you open yourself. With a traditional IRA, contributions ' +
      'may be tax-deductible and withdrawals are taxed as income.',
  },
  {
    term: 'Liability',
    definition: 'Money you owe, such as a mortgage, car loan, student loan or credit card balance.',
  },
  {
    term: 'Liquidity',
    definition:
      'How quickly and easily something can be turned into cash without losing value. Cash in a savings account is ' +
      'very liquid; a house is not.',
  },
  {
    term: 'Minimum payment',
    definition:
      'The smallest amount you must pay by the due date to keep an account in good standing. Paying only the minimum ' +
      'means paying more interest over a longer time.',
  },
  {
    term: 'Mortgage',
    definition: 'A loan used to buy a home, with the home as collateral. If you don’t repay, the lender can take it.',
  },
  {
    term: 'Net income',
    definition: 'Your take-home pay: what’s left of your income after taxes and other deductions.',
  },
  {
    term: 'Net worth',
    definition: 'The value of everything you own (assets) minus everything you owe (liabilities).',
  },
  {
    term: 'Opportunity cost',
    definition:
      'What you give up when you choose one option over another, such as the growth you miss by spending money ' +
      'instead of investing it.',
  },
  {
    term: 'Principal',
    definition:
      'The original amount you borrowed or invested. On a loan, it’s also the part of your balance that isn’t ' +
      'interest.',
  },
  {
    term: 'Refinancing',
    definition:
      'Replacing an existing loan with a new one, usually to get a lower interest rate or a different term. ' +
      'Refinancing can involve fees, so compare the total cost.',
  },
  {
    term: 'Roth IRA',
    definition:
      'An individual retirement account funded with money you’ve already paid tax on. Qualified withdrawals in ' +
      'retirement are tax-free, and there are income limits for contributing.',
  },
  {
    term: 'Rule of 72',
    definition:
      'A quick way to estimate how long money takes to double: divide 72 by the yearly rate of return. At 6%, money ' +
      'doubles in about 12 years.',
  },
  {
    term: 'Secured debt',
    definition:
      'A debt backed by something you own, called collateral, such as a car or home. If you don’t repay, the lender ' +
      'can take the collateral.',
  },
  {
    term: 'Sinking fund',
    definition:
      'Money you set aside a little at a time for a known future expense, such as holiday gifts, car registration ' +
      'or a vacation.',
  },
  {
    term: 'Snowball method',
    definition:
      'A debt payoff strategy: make minimum payments on every debt and put any extra money toward the smallest ' +
      'balance first. Quick wins can help you stay motivated.',
  },
  {
    term: 'Stock',
    definition:
      'A share of ownership in a company. Its value rises and falls with the company’s prospects and the market.',
  },
  {
    term: 'Tax deduction',
    definition: 'An amount that lowers your taxable income, which can reduce the tax you owe.',
  },
  {
    term: 'Term',
    definition:
      'The length of time you have to repay a loan, such as a 30-year mortgage, or the length of time money stays ' +
      'in an account such as a CD.',
  },
  {
    term: 'Unsecured debt',
    definition:
      'A debt not backed by collateral, such as most credit cards and personal loans. It often has a higher ' +
      'interest rate than secured debt.',
  },
  {
    term: 'Variable rate',
    definition:
      'An interest rate that can change over time, usually following a benchmark rate. Your payment may go up or ' +
      'down as the rate changes.',
  },
  {
    term: 'Vesting',
    definition:
      'The process of earning full ownership of money your employer puts into your retirement plan, often over ' +
      'several years. Money you contribute yourself is always yours.',
  },
  {
    term: 'Withholding',
    definition:
      'Money your employer takes out of each paycheck for income and payroll taxes and sends to the government on ' +
      'your behalf.',
  },
  {
    term: 'Yield',
    definition:
      'The income an investment or savings account pays, shown as a percentage of its value, such as interest or ' +
      'dividends.',
  },
  {
    term: 'Zero-based budget',
    definition:
      'A budget where every dollar of income is given a job — spending, saving or paying debt — so income minus ' +
      'everything you plan equals zero.',
  },
];
