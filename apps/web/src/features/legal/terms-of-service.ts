import type { LegalDocument } from './legal-document.ts';

export const termsOfService: LegalDocument = {
  title: 'Terms of Service',
  lastUpdated: 'November 21, 2026',
  intro: [
    'Welcome to Helo. These Terms of Service (the “Terms”) are the agreement between you and Helo (“Helo”, “we”, “us” or “our”) that covers your use of the Helo website and web app (the “Service”). We have tried to write them in plain English, but they are still a legal agreement, so please read them carefully.',
    'Our Privacy Policy explains how we collect and use your information. It is part of how the Service works, and we encourage you to read it too.',
  ],
  sections: [
    {
      heading: 'Accepting these terms',
      paragraphs: [
        'By creating an account or using the Service, you agree to these Terms. If you don’t agree, please don’t use Helo.',
        'You are agreeing to these Terms for yourself, as an individual. The Service is for your own personal financial planning and is not intended for running a business or managing other people’s finances on their behalf.',
      ],
    },
    {
      heading: 'What Helo is',
      paragraphs: [
        'Helo is a personal-finance planning tool that helps you organize and understand your own money. You enter your figures, and Helo helps you plan and track them.',
        'Helo is not a bank, lender, money transmitter, broker-dealer or registered investment adviser. Helo does not hold, move, transfer or invest money. Your Wallet and Nest record and plan amounts so you can see where your money is going; no real money moves through Helo, and nothing you do in the app creates a deposit, payment or transaction with any financial institution.',
        'The Service includes features such as:',
      ],
      bullets: [
        'Budgets, and a Wallet for recording and planning your spending.',
        'Tracking for loans and debts, with estimated payoff dates.',
        'An emergency fund, lifestyle savings goals, and a Nest that splits your savings into plans.',
        'Tracking for your investments and retirement savings.',
        'A document vault where you can upload and store your financial documents.',
        'Notifications and email reminders, a help centre, and a way to ask to be connected with a financial professional.',
      ],
    },
    {
      heading: 'Not financial advice',
      paragraphs: [
        'Everything in Helo, including budgets, payoff estimates, savings timelines, projections, help centre articles and other content, is provided for general information and planning purposes only. It is not financial, investment, tax, legal or accounting advice, and it is not a recommendation to buy, sell or hold any investment or to take on or repay any particular debt.',
        'Helo doesn’t know your complete financial situation and doesn’t take your personal circumstances, goals or risk tolerance into account the way a qualified professional would. Before making important financial decisions, consider speaking with a qualified professional. You are responsible for your own decisions and their results.',
        'If you ask to be connected with a financial professional, that professional is independent of Helo. Any advice they give and any relationship or agreement you enter into is between you and them. We don’t guarantee, and are not responsible for, the services or advice of any professional you are connected with.',
      ],
    },
    {
      heading: 'Estimates and accuracy',
      paragraphs: [
        'Payoff dates, savings timelines, investment and retirement projections and other calculations in Helo are estimates. They are based on the figures you enter and on simplifying assumptions, such as steady payments, constant interest rates or fixed rates of return, that may not hold in real life.',
        'Actual results will differ, sometimes significantly, because of things like changes in interest rates, fees, market performance, inflation, taxes, missed or extra payments, and changes in your income or expenses. Past performance and projected returns do not guarantee future results.',
        'Helo’s calculations are only as accurate as the information you give it. Keep your figures up to date, and always rely on official statements from your lenders, banks and other providers for exact balances, amounts due and deadlines.',
      ],
    },
    {
      heading: 'Eligibility and your account',
      paragraphs: [
        'To use Helo, you must be at least 18 years old, live in the United States, and be able to form a binding contract. The Service is designed for US users and US financial products, and it isn’t offered outside the United States.',
        'When you sign up, you give us your first name, last name, email address and a password. Please give accurate information and keep your email address current, because we use it to verify your account, reset your password and send security notices. Your account is for you alone; don’t share it or let anyone else use it.',
        'You are responsible for keeping your password safe and for activity that happens under your account. Use a strong password that you don’t use anywhere else, and sign out on shared devices. If you think someone else has accessed your account, change your password right away and let us know.',
      ],
    },
    {
      heading: 'Your content and documents',
      paragraphs: [
        'You own the information you put into Helo, including the financial figures you enter, the documents you upload and the feedback you give (together, “Your Content”). We don’t claim ownership of it.',
        'You give us permission to store, process, back up and display Your Content only as needed to provide, secure and improve the Service for you, and as described in our Privacy Policy. This permission ends when Your Content is deleted from our systems, as described in the Privacy Policy. If you send us suggestions or feedback about Helo, we may use them to improve the Service without owing you anything.',
        'Only upload documents that you have the right to store and that relate to your own finances. Documents in the vault are encrypted at rest, but the vault is not a substitute for keeping your own copies of important records. You can export your data at any time, and we recommend keeping your own backups of documents you need to keep.',
      ],
    },
    {
      heading: 'Acceptable use',
      paragraphs: ['Please use Helo responsibly. You agree not to:'],
      bullets: [
        'Break any law, or use Helo for fraud, money laundering or any other illegal purpose.',
        'Upload anything you don’t have the right to upload, or anything that contains malware or harmful code.',
        'Use the Service to store or share another person’s information without their permission.',
        'Try to access other users’ accounts or data, or any part of our systems you aren’t authorized to use.',
        'Probe, scan or test the security of the Service, or get around any security or access controls, except through a responsible disclosure made to us at the address on our Contact page.',
        'Overload, disrupt or interfere with the Service, or use bots, scrapers or other automated means to access it, except for the export tools we provide.',
        'Copy, resell, or reverse engineer the Service, or use it to build a competing product.',
        'Impersonate someone else or give false information when creating your account.',
      ],
    },
    {
      heading: 'Changes to Helo and to these terms',
      paragraphs: [
        'We are always working to improve Helo, so features may be added, changed or removed over time. We aim to keep the Service available and reliable, but it may sometimes be unavailable because of maintenance, updates or problems outside our control, and we can’t promise it will always be uninterrupted or error-free. If we plan to remove a major feature or shut down the Service, we will give you reasonable notice so you can export your data first.',
        'If we ever introduce paid features, we will clearly show the price and ask for your agreement before you are charged.',
        'We may update these Terms from time to time. When we do, we will change the “Last updated” date at the top, and if the changes are significant we will let you know in advance by email or in the app. If you keep using Helo after the changes take effect, you accept the updated Terms. If you don’t agree with them, you can stop using Helo and delete your account.',
      ],
    },
    {
      heading: 'Ending your account',
      paragraphs: [
        'You can stop using Helo at any time. You can export your data and delete your account from your account settings. Deleting your account permanently removes your data as described in our Privacy Policy, and it can’t be undone.',
        'We may suspend or close your account if you seriously or repeatedly break these Terms, if we need to in order to protect the Service, other users or the public, or if the law requires it. Where it is reasonable and lawful, we will tell you why and give you a chance to fix the problem or export your data first.',
        'Any parts of these Terms that by their nature should continue after your account ends, such as the sections on disclaimers, limitation of liability and governing law, will continue to apply.',
      ],
    },
    {
      heading: 'Disclaimers',
      paragraphs: [
        'We work hard to make Helo useful and reliable, but the Service is provided “as is” and “as available”. To the fullest extent permitted by law, Helo makes no warranties of any kind, whether express or implied, including implied warranties of merchantability, fitness for a particular purpose, title and non-infringement.',
        'In particular, we don’t promise that the Service will meet your needs, that estimates or projections will be accurate, that your financial goals will be reached, or that the Service will be uninterrupted, secure or free of errors. Some states don’t allow certain warranties to be excluded, so some of these exclusions may not apply to you.',
      ],
    },
    {
      heading: 'Limitation of liability',
      paragraphs: [
        'To the fullest extent permitted by law, Helo and its team will not be liable for any indirect, incidental, special, consequential or punitive damages, or for any loss of profits, savings, data or opportunities, arising from or related to your use of the Service. This includes losses resulting from financial decisions you make based on information, estimates or projections shown in Helo, or from advice given by any financial professional you are connected with.',
        'To the fullest extent permitted by law, our total liability for any claim related to the Service is limited to the greater of the amount you paid us for the Service in the 12 months before the claim arose, or $100.',
        'Some states don’t allow these kinds of limitations, so some of them may not apply to you. Nothing in these Terms limits any rights you have that can’t be limited by law.',
      ],
    },
    {
      heading: 'Governing law and disputes',
      paragraphs: [
        'These Terms are governed by the laws of the State of Delaware and applicable US federal law, without regard to conflict-of-law rules.',
        'If you have a problem with Helo, please contact us first. Most concerns can be resolved quickly and informally, and we will try in good faith to do so. If we can’t resolve a dispute informally, it will be handled exclusively in the state or federal courts located in Delaware, and you and Helo agree to the personal jurisdiction of those courts. Either of us may instead bring an individual claim in small claims court where it qualifies, and nothing here takes away any right you have under the consumer protection laws of the state where you live.',
      ],
    },
    {
      heading: 'Contact us',
      paragraphs: [
        'If you have a question about these Terms or about Helo, please reach us at the address on our Contact page (use “Contact us” in the app or on our website). We are happy to help.',
      ],
    },
  ],
};
