import { chromium } from 'playwright-core';
const base = 'http://localhost:3917';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const context = await browser.newContext({ baseURL: base, viewport: { width: 390, height: 844 } });
const page = await context.newPage();
page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') console.log('CONSOLE', m.type(), m.text().slice(0, 3000)); });
page.on('pageerror', (e) => console.log('PAGEERROR', e.message));
await page.goto('/');
console.log('--- visitor loaded');
await page.waitForTimeout(1500);
if (process.argv[2] === 'signin') {
  const res = await page.request.post('/api/auth/sign-in/email', { data: { email: 'miguel@trailbuddy.app', password: 'trailbuddy' }, headers: { origin: base } });
  console.log('signin', res.status());
  await page.reload();
  console.log('--- member reloaded');
  await page.waitForTimeout(3000);
}
await browser.close();
