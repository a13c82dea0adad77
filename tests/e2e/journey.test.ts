import { expect } from 'vitest';
import { approveJoinRequest, getJoinRequest } from '../../server/commands/joinRequests';
import { db } from '../../server/db';
import { transaction } from '../../server/db/transaction';
import { User } from '../../server/models';
import { createOrganization, createProperty, createUser, unique } from '../support/factories';
import { PHONE, notice, useBrowser } from './support/browser';

const { test, port } = useBrowser();

/**
 * Issue 3's whole journey, in English on a phone: register, wait for approval, see the dashboard with real
 * numbers, change the profile, password and preferences, sign out and back in with the new
 * password. (The same steps in Spanish on a desktop are in auth, settings and layout tests.)
 */
test('a new user goes through the whole app in English on a 375 px phone', async ({ page }) => {
  const domain = `${unique('viaje')}.test`;
  const organization = await createOrganization({ domain });
  const property = await createProperty({ organizationId: organization.id, name: 'Torre Azul' });
  const admin = await createUser({ role: 'Administrador', organizationId: organization.id });
  const email = `${unique('viajera')}@example.com`;

  await page.goto(`http://${domain}:${port()}/auth`);
  await page.locator('label[for="language-en"]').click();
  await page.getByRole('tab', { name: 'Register' }).click();
  const form = page.getByRole('form', { name: 'Register' });
  await form.getByRole('button', { name: 'Create account' }).click();
  await form.getByText('Must be a valid email').waitFor();
  await form.getByText('You must accept the terms and conditions').waitFor();

  await form.getByLabel('First name').fill('Marta');
  await form.getByLabel('Last name').fill('Lora');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Phone').fill('809-555-0199');
  await form.getByLabel('Your property (optional)').fill('Torre Azul');
  await form.getByLabel('Password', { exact: true }).fill('secreto1');
  await form.getByLabel('Confirm password').fill('secreto1');
  await form.getByLabel(/I accept the/).check();
  await form.getByRole('button', { name: 'Create account' }).click();

  // Nothing of the building until the administration approves the request; then the app, live.
  await page.getByRole('heading', { name: 'Your account is waiting for approval' }).waitFor({ timeout: 15_000 });
  await page.getByText('You asked to join Torre Azul.', { exact: false }).waitFor();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  const { id: userId } = (await User.query().findOne({ username: email }))!;
  const { id: requestId } = await db()('join_requests').where({ userId }).first();
  await transaction(async (trx) =>
    approveJoinRequest(trx, admin, await getJoinRequest(trx, requestId), { propertyId: property.id, unit: '3A', createUnit: true }),
  );
  await page.getByRole('heading', { name: 'Welcome, Marta' }).waitFor({ timeout: 15_000 });
  // A resident's home opens on their balance (nothing owed yet).
  expect(await page.getByTestId('home-balance-value').textContent()).toBe('RD$0.00');
  expect(await User.query().findOne({ username: email })).toMatchObject({ language: 'en', organizationId: organization.id });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

  // The navigation is a drawer on a phone.
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('dialog').getByRole('link', { name: 'Settings' }).click();

  const profile = page.getByRole('form', { name: 'Profile' });
  await profile.getByLabel('First name').fill('Martina');
  await profile.getByRole('button', { name: 'Save Changes' }).click();
  await notice(page).getByText('Profile Updated').waitFor();

  const password = page.getByRole('form', { name: 'Change password' });
  await password.getByLabel('Current password').fill('secreto1');
  await password.getByLabel('New password', { exact: true }).fill('Otra-Clave-2026');
  await password.getByLabel('Confirm new password').fill('Otra-Clave-2026');
  await password.getByRole('button', { name: 'Update password' }).click();
  await notice(page).getByText('Password Updated').waitFor();

  await page.getByRole('tab', { name: 'Notifications' }).click();
  await page.getByLabel('Events and news').click();
  await page.getByRole('button', { name: 'Save Preferences' }).click();
  await notice(page).getByText('Preferences saved').waitFor();
  const saved = await User.query().findOne({ username: email });
  expect(saved).toMatchObject({ name: 'Martina', preferences: { notifications: { marketing: true } } });

  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Log out' }).click();
  await page.waitForURL(/\/auth/);
  const login = page.getByRole('form', { name: 'Sign in' });
  await login.getByLabel('Email').fill(email);
  await login.getByLabel('Password').fill('Otra-Clave-2026');
  await login.getByRole('button', { name: 'Sign in' }).click();
  // Back where the user was when they signed out.
  await page.waitForURL(/\/settings/);
  await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
  expect(await page.getByTestId('header-user-name').textContent()).toBe('Martina Lora'); // hidden on phones
}, { viewport: PHONE });
