/**
 * The demo's sign-ins, apart from the seed that creates them: the start-up banner lists them on every start,
 * and the server must not load the seed (and its drawings) to print them.
 */
export const DEMO_FLORIST = 'Kloof Street Flowers';
export const DEMO_FLORIST_2 = 'Constantia Blooms';
export const DEMO_PASSWORD = 'password';

/** The sign-ins the start-up banner and the README list (DECISIONS.md, "Demo data"). */
export const DEMO_USERS = [
  {
    email: 'admin@example.com',
    password: DEMO_PASSWORD,
    role: 'Admin',
    description: 'staff, every permission (incl. Xero)',
  },
  {
    email: 'finance@example.com',
    password: DEMO_PASSWORD,
    role: 'Admin',
    description: 'staff with payouts and Xero: the second pair of eyes on bank details',
  },
  {
    email: 'florist@example.com',
    password: DEMO_PASSWORD,
    role: 'Partner',
    description: `partner user of ${DEMO_FLORIST}, Cape Town (can view statements)`,
  },
  {
    email: 'florist2@example.com',
    password: DEMO_PASSWORD,
    role: 'Partner',
    description: `partner user of ${DEMO_FLORIST_2}, Cape Town (no statements)`,
  },
] as const;

/**
 * The seed makes an API key for `npm run demo:new-order` (issue 34), named so; the start-up banner prints it
 * once, and it is kept in this file of the data folder (readable by its owner only) for the command to read.
 */
export const DEMO_KEY_NAME = 'Demo shop (npm run demo:new-order)';
export const DEMO_KEY_FILE = 'demo-api-key';
