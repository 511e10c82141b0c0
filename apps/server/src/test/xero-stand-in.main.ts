/**
 * `npm run xero:standin`: the local stand-in of Xero for trying the connection by hand, without a Xero
 * account or the internet. Prints the settings to start the app with.
 *   XERO_STANDIN_PORT (default 4010), APP_URL (the app's address, default http://localhost:3000)
 */
import { xeroEnv } from './xero-flow';
import { startXeroStandIn } from './xero-stand-in';

const port = Number(process.env.XERO_STANDIN_PORT ?? 4010);
const appUrl = (process.env.APP_URL ?? 'http://localhost:3000').replace(/\/+$/, '');
const standIn = await startXeroStandIn({
  port,
  host: process.env.XERO_STANDIN_HOST ?? 'localhost',
  redirectUri: `${appUrl}/xero/auth/callback`,
});
const env = Object.entries(xeroEnv(standIn, appUrl));
console.log(
  [
    `Xero stand-in listening on ${standIn.url} (organisation and contacts made up; nothing leaves this machine).`,
    '',
    'Start the app with these settings, then open /system/xero and press Connect Xero:',
    '',
    ...env.map(([k, v]) => `  export ${k}=${v}`),
    '',
    `  or in one line: ${env.map(([k, v]) => `${k}=${v}`).join(' ')} npm start`,
    '',
    'Press Ctrl+C to stop it.',
  ].join('\n'),
);
const stop = () => void standIn.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
