import type { LegalDocument } from './legal-document.ts';

export const privacyPolicy: LegalDocument = {
  title: 'Privacy Policy',
  lastUpdated: 'November 21, 2026',
  intro: [
    'Helo is a personal-finance app that helps you plan a budget, pay down debts, build an emergency fund, save for the things you care about, and keep an eye on your investments and retirement. To do that, you trust us with information about your money. This policy explains, in plain English, what we collect, why we collect it, who (if anyone) we share it with, and the choices you have.',
    'The short version: we collect what we need to run Helo for you, we use it to provide and protect the service, we never sell it, and we don’t use advertising or tracking cookies. You can export your data or delete your account whenever you like.',
  ],
  sections: [
    {
      heading: 'Information we collect',
      paragraphs: [
        'We only collect information that you give us or that is created when you use Helo. Helo does not connect to your bank and does not move money, so the financial figures in your account are the ones you enter yourself.',
      ],
      bullets: [
        'Account details: your first name, last name, email address and password. We never store your password in readable form.',
        'Financial information you enter: for example budgets, income and expenses, debts and loan terms, balances, emergency fund and savings goals, Wallet and Nest entries, and investment and retirement figures.',
        'Documents you upload to your document vault, such as statements, tax forms or loan paperwork, together with basic details like the file name, type and size.',
        'Preferences: your notification and email reminder settings and other choices you make in the app.',
        'Feedback and requests: answers you give to feedback questions, messages you send to support, and the details you include if you ask to be connected with a financial professional.',
        'Security logs: when you sign in, we record the date and time, your IP address and your browser (user agent) so we can spot suspicious activity and help you protect your account.',
      ],
    },
    {
      heading: 'How we use your information',
      paragraphs: ['We use your information to run Helo for you and to keep it safe. Specifically, we use it to:'],
      bullets: [
        'Create and maintain your account, sign you in and keep you signed in.',
        'Show your budgets, debts, goals, balances and documents, and calculate estimates such as debt payoff dates and savings timelines.',
        'Send the emails and notifications described in this policy, including the reminders you choose to receive.',
        'Detect, investigate and prevent fraud, abuse and unauthorized access, including by alerting you to new or unusual sign-ins.',
        'Answer your support messages and handle your request to be connected with a financial professional.',
        'Understand what works and what doesn’t, using your feedback answers, so we can fix problems and improve Helo.',
        'Meet our legal obligations and enforce our Terms of Service.',
      ],
    },
    {
      heading: 'What we never do',
      paragraphs: ['Your financial life is personal, and we treat it that way. Some things are simply off the table:'],
      bullets: [
        'We never sell your personal information, and we never rent or trade it.',
        'We never share your information with advertisers or data brokers, and we don’t use it to show you ads on other websites.',
        'We don’t use advertising or tracking cookies, and we don’t build profiles of you for marketing by others.',
        'We never move, hold or invest your money. Your Wallet and Nest only record and plan amounts; no real money changes hands through Helo.',
        'We don’t look through your uploaded documents for marketing purposes. We only access them when needed to provide the service, keep it secure, respond to a request from you, or comply with the law.',
      ],
    },
    {
      heading: 'Emails and notifications',
      paragraphs: [
        'Some emails are part of running your account and are sent whenever they are needed: verifying your email address, resetting your password, and security notices such as alerts about sign-ins or changes to your account. Because these protect you and your account, you can’t turn them off while your account is open.',
        'Reminders, such as nudges about a budget, a debt payment or a savings goal, are only sent if you opt in. You can change or turn off reminders and in-app notifications at any time in your settings.',
      ],
    },
    {
      heading: 'When we share information',
      paragraphs: [
        'Like most online services, we rely on a small number of trusted service providers (sometimes called processors) to run Helo, for example to host our servers and databases, store encrypted files, and deliver our emails. They may only use your information to perform services for us, under contracts that require them to keep it confidential and secure, and they are not allowed to use it for their own purposes.',
        'If you ask to be connected with a financial professional, we use the details you give us in that request to arrange it, and we only share what is needed for the introduction. We don’t share your Helo data with anyone else as part of that request unless you choose to.',
        'We may also disclose information if we believe in good faith that the law requires it, for example to respond to a valid subpoena or court order, or when it is necessary to protect the safety, rights or property of our users, the public or Helo. Where the law allows, we will try to let you know first.',
        'If Helo is ever involved in a merger, acquisition or sale of assets, your information may be transferred as part of that deal. It would remain protected by this policy, and we would tell you before it became subject to a different one.',
      ],
    },
    {
      heading: 'How we protect your information',
      paragraphs: [
        'We use technical and organizational safeguards designed to protect your information. Documents in your vault are encrypted at rest, information is encrypted in transit between your browser and our servers, passwords are stored only as one-way hashes, and access to production systems is limited to the people who need it to run and support the service.',
        'We keep security logs of sign-ins so that unusual activity can be noticed and investigated, and we send you security notices about important account events.',
        'No system is perfectly secure, so we can’t promise that information will never be accessed without permission. You can help by using a strong, unique password and keeping your email account secure. If we learn of a security breach that affects your personal information, we will notify you as required by law.',
      ],
    },
    {
      heading: 'How long we keep your information',
      paragraphs: [
        'We keep your account information, financial figures and documents for as long as your account is open, because you need them to use Helo. If you delete something inside the app, such as a goal or a document, we remove it from your account.',
        'When you delete your account, we delete or anonymize your personal information from our active systems. Copies may remain in encrypted backups for a limited period until those backups are routinely overwritten, and we may keep a small amount of information for longer where we need it to meet legal obligations, resolve disputes, prevent fraud or keep the service secure.',
        'Security logs are kept only as long as they are useful for protecting accounts and investigating problems, and then deleted.',
      ],
    },
    {
      heading: 'Your rights and choices',
      paragraphs: [
        'You are in control of your information. Whatever state you live in, you can use the options below. Most of them are available directly in the app. For anything else, contact us; to protect your account, we may need to confirm a request from the email address on your account before we act on it.',
      ],
      bullets: [
        'See and update your details: view and edit your name, your email address and the figures you have entered directly in the app.',
        'Export your data: download a copy of your information from your account settings at any time.',
        'Delete your account: delete your account and its data from your account settings. Deletion is permanent, so consider exporting first.',
        'Control reminders: choose which optional reminders and notifications you receive, or turn them off entirely.',
        'Ask us: contact us with any request about your information, including a request to access, correct or delete it.',
        'State privacy rights: depending on where you live (for example, California), state law may give you rights to know what personal information we collect and how we use it, to access, correct or delete it, to use an authorized agent, and to not be treated differently for exercising these rights. We honor these requests through the tools above or when you contact us.',
        'No opt-out needed: we do not sell personal information or share it for targeted (cross-context behavioral) advertising, and we use sensitive information, such as your login and financial figures, only to provide the service you asked for.',
      ],
    },
    {
      heading: 'Cookies',
      paragraphs: [
        'Helo uses one kind of cookie: a secure, HttpOnly cookie that keeps you signed in. It holds a sign-in token so you don’t have to enter your password every time you open the app. Because it is HttpOnly, it can’t be read by scripts running in the page, which helps protect it from theft.',
        'We do not use advertising cookies, tracking cookies or third-party cookies that follow you around the web. If you block or clear cookies in your browser, Helo will still work, but you will need to sign in again more often.',
      ],
    },
    {
      heading: 'Children’s privacy',
      paragraphs: [
        'Helo is meant for adults. You must be at least 18 years old to create an account, and we do not knowingly collect personal information from anyone under 18. If you believe a child has given us personal information, please contact us and we will delete it.',
      ],
    },
    {
      heading: 'Changes to this policy',
      paragraphs: [
        'We may update this policy as Helo changes or as laws change. When we do, we will update the “Last updated” date at the top. If a change meaningfully affects how we handle your information, we will tell you before it takes effect, for example by email or with a notice in the app.',
      ],
    },
    {
      heading: 'Contact us',
      paragraphs: [
        'If you have a question about this policy, want to make a privacy request, or think something isn’t right, please reach us at the address on our Contact page (use “Contact us” in the app or on our website). We read every message and will get back to you as soon as we can.',
      ],
    },
  ],
};
