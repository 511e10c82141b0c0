import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';

import { E2E_DATA_DIR } from '../playwright.config';
import { expectAccessible, FLORIST, lastMailTo, signInWithForm, signOut, STAFF } from '../support/helpers';
import { CONSTANTIA, expectNoSidewaysScroll } from '../support/orders';

// Workers share one server: every user made here has a name and address of its own.
const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
const field = (page: Page, label: string) => page.getByRole('textbox', { name: label, exact: true });

async function openUsers(page: Page) {
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: 'Configurations' })
    .click();
  await page.getByRole('menuitem', { name: 'Users' }).click();
  await expect(page).toHaveURL(/\/users$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
}

/** Staff add a partner user of Constantia Blooms through the form; answers their e-mail address. */
async function addPartnerUser(page: Page, name: string, check = false) {
  const email = `${name.toLowerCase().replace(/[^a-z0-9]+/g, '.')}@example.com`;
  await page.getByRole('link', { name: 'Add' }).click();
  await expect(page).toHaveURL(/\/users\/add$/);
  await field(page, 'Name').fill(name);
  await field(page, 'Email').fill(email);
  await field(page, 'Phone number').fill('082 555 0142');
  await expect(page.getByRole('radio', { name: 'Partner' })).toBeChecked();
  if (check) {
    // The partner is required for a partner user, said before anything is sent.
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Choose the partner this user works for.')).toBeVisible();
    await expectAccessible(page);
  }
  await page.getByRole('textbox', { name: 'Partner' }).fill('Constantia');
  await page.getByRole('option', { name: CONSTANTIA }).click();
  await page.getByRole('checkbox', { name: 'Can view partner statements' }).check();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/users$/);
  return email;
}

/**
 * The link of the newest account mail to `email`, as a path on this server. Only that mail: a partner user with
 * the statements permission may get last month's statement meanwhile (the month-end journey runs beside this one,
 * and CI once read the statement's mail here).
 */
async function mailedLink(email: string) {
  const subject = 'Your Bloomline account';
  await expect.poll(() => lastMailTo(email, E2E_DATA_DIR, subject)).toBeTruthy();
  const mail = lastMailTo(email, E2E_DATA_DIR, subject)!;
  expect(mail.subject).toBe(subject);
  const link = /http:\/\/localhost:\d+(\/reset-password\/\S+)/.exec(mail.text)?.[1];
  expect(link).toBeTruthy();
  return link!;
}

test('staff add a user, who sets a password from the e-mailed link, signs in and edits their profile', async ({
  page,
}) => {
  // A long journey through three people's screens on a shared, busy server.
  test.slow();
  const name = `Nandi Invited ${stamp()}`;
  await signInWithForm(page, STAFF);
  await openUsers(page);
  for (const header of ['Name', 'Email', 'Phone number', 'Role', 'Partner', 'Enabled', 'Actions']) {
    await expect(page.getByRole('columnheader', { name: header })).toBeVisible();
  }
  await expectAccessible(page);
  const email = await addPartnerUser(page, name, true);

  // The new user is in the list, found by the search (which the address keeps).
  await page.getByRole('textbox', { name: 'Search users by name, email or phone number' }).fill(name);
  await expect(page).toHaveURL(/\/users\?q=/);
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row.getByRole('cell')).toHaveText([
    name,
    email,
    '082 555 0142',
    'Partner',
    CONSTANTIA,
    'Yes',
    /Edit/,
  ]);

  // The same e-mail again is a 422 under the field.
  await page.getByRole('link', { name: 'Add' }).click();
  await field(page, 'Name').fill('Someone Else');
  await field(page, 'Email').fill(email.toUpperCase());
  await page.getByRole('radio', { name: 'Admin' }).check();
  await expect(page.getByRole('textbox', { name: 'Partner' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('This email is already taken.')).toBeVisible();
  await signOut(page);

  // The mailed link opens the password page; the password set there signs in.
  await page.goto(await mailedLink(email));
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await page.getByLabel(/^New password/).fill('Protea-2026!');
  await page.getByLabel('Confirm new password').fill('Protea-2026!');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await signInWithForm(page, email, 'Protea-2026!');
  await expect(page.getByRole('banner').getByText(`Hi, ${name}`)).toBeVisible();

  // Their own profile, from the menu: name, e-mail and phone only; the header greets the new name at once.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'My account' }).click();
  await page.getByRole('menuitem', { name: 'My profile' }).click();
  await expect(page).toHaveURL(/\/users\/profile$/);
  await expect(field(page, 'Email')).toHaveValue(email);
  await expect(page.getByRole('radio')).toHaveCount(0);
  await expectAccessible(page);
  const renamed = `${name} Renamed`;
  await field(page, 'Name').fill(renamed);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('banner').getByText(`Hi, ${renamed}`)).toBeVisible();
  await page.reload();
  await expect(page.getByRole('banner').getByText(`Hi, ${renamed}`)).toBeVisible();
});

test('staff disable a user, who is signed out at once, and enable them again', async ({ page, browser }) => {
  test.slow();
  const name = `Dumisani Toggle ${stamp()}`;
  await signInWithForm(page, STAFF);
  await page.goto('/users');
  const email = await addPartnerUser(page, name);

  // The user signs in elsewhere.
  const other = await browser.newContext();
  const theirs = await other.newPage();
  await theirs.goto(await mailedLink(email));
  await theirs.getByLabel(/^New password/).fill('Fynbos-2026!');
  await theirs.getByLabel('Confirm new password').fill('Fynbos-2026!');
  await theirs.getByRole('button', { name: 'Reset password' }).click();
  await expect(theirs).toHaveURL(/\/login$/);
  await signInWithForm(theirs, email, 'Fynbos-2026!');

  await page.getByRole('textbox', { name: 'Search users by name, email or phone number' }).fill(name);
  const row = page.getByRole('row', { name: new RegExp(name) });
  await row.getByRole('button', { name: `Disable ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Disable user' });
  await expect(dialog).toContainText(`Disable ${name}? They are signed out at once`);
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Disable' }).click();
  await expect(dialog).toBeHidden();
  await expect(row.getByRole('cell', { name: 'No', exact: true })).toBeVisible();

  // Their next call is a 401: the app takes them to the sign-in page, and signing in is refused.
  await theirs.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Orders' }).click();
  await theirs.getByRole('menuitem', { name: 'In progress' }).click();
  await expect(theirs).toHaveURL(/\/login$/);
  await theirs.getByLabel('Email').fill(email);
  await theirs.getByLabel(/^Password/).fill('Fynbos-2026!');
  await theirs.getByRole('button', { name: 'Login' }).click();
  await expect(theirs.getByText('This account is disabled.')).toBeVisible();

  await row.getByRole('button', { name: `Enable ${name}` }).click();
  await page.getByRole('dialog', { name: 'Enable user' }).getByRole('button', { name: 'Enable' }).click();
  await expect(row.getByRole('cell', { name: 'Yes', exact: true })).toBeVisible();
  await signInWithForm(theirs, email, 'Fynbos-2026!');
  await other.close();
});

test('at 375 px the list, the form and the profile fit the screen and pass axe', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await signInWithForm(page, STAFF);
  await page.goto('/users?q=florist');
  // A phone shows each user as a card, every column labelled.
  await expect(page.getByRole('definition').filter({ hasText: /^florist@example\.com$/ })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
  await page
    .getByRole('link', { name: /^Edit / })
    .first()
    .click();
  await expect(page.getByRole('radio', { name: 'Partner' })).toBeChecked();
  await expect(page.getByRole('textbox', { name: 'Partner' })).not.toHaveValue('');
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/users\?q=florist$/);
  await page.goto('/users/profile');
  await expect(field(page, 'Email')).toHaveValue(STAFF);
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
});

test('a partner has no Users entry, is turned away from the list, and reads only themself', async ({
  page,
}) => {
  await signInWithForm(page, FLORIST);
  await expect(page.getByRole('link', { name: 'Users' })).toHaveCount(0);
  await page.goto('/users');
  await expect(page).toHaveURL(/\/dashboard$/);
  const statuses = await page.evaluate(async () => {
    const me = (await (await fetch('/api/me')).json()) as { data: { id: number } };
    const status = async (path: string) => (await fetch(path)).status;
    return [
      await status('/api/users'),
      await status(`/api/users/${String(me.data.id)}`),
      await status(`/api/users/${String(me.data.id === 1 ? 2 : 1)}`),
    ];
  });
  expect(statuses).toEqual([403, 200, 404]);
});
