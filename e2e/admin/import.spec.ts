import fs from 'node:fs';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import ExcelJS from 'exceljs';
import { apiCall, adminToken } from '../support/api.ts';
import { adminPage, launchBrowser, RESULTS_DIR, saveScreenshot } from '../support/browser.ts';
import { acknowledge } from '../support/ui.ts';

/**
 * Member migration (issue 19 acceptance 1, decision 041): the sample file downloads, a CSV with bad
 * rows is refused row by row in Korean with nothing created, then an XLSX of 1,000 members is
 * previewed, imported with a shared password and its progress followed to the end; an imported
 * member signs in with that password. Members are created under a shop the spec creates, with unique IDs.
 */
let browser: Browser;
let token: string;
beforeAll(async () => {
  browser = await launchBrowser();
  token = await adminToken();
});
afterAll(async () => {
  await browser?.close();
});

const HEADER = ['account', 'password', 'nickname', 'phone', 'bank_name', 'bank_account', 'bank_holder', 'level', 'parent_code'];

async function writeXlsx(file: string, rows: string[][]) {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('members');
  sheet.addRow(HEADER);
  for (const r of rows) sheet.addRow(r);
  await book.xlsx.writeFile(file);
}

test('an admin downloads the sample, sees a bad CSV refused row by row, then imports 1,000 members from an XLSX file', async () => {
  const tag = randomUUID().slice(0, 6);
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  const { context, page } = await adminPage(browser, token);
  try {
    await page.goto('/admin');
    await page.getByTestId('admin-nav-migration').click();
    await page.getByTestId('admin-import').waitFor();

    // The sample file downloads as an .xlsx.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('admin-import-sample').click()]);
    expect(download.suggestedFilename()).toBe('member-import-sample.xlsx');

    // A CSV with two bad rows: each reason in Korean under its row; there is no start button.
    const csv = `${RESULTS_DIR}import-bad-${tag}.csv`;
    fs.writeFileSync(
      csv,
      [
        HEADER.join(','),
        `ok_${tag},pw1234,ok_${tag},,,,,1,shop1`,
        `"bad ${tag}",pw1234,bad_${tag},,,,,1,shop1`,
        `nolevel_${tag},pw1234,nl_${tag},,,,,9,nobody_${tag}`,
      ].join('\n'),
    );
    await page.getByTestId('admin-import-file').setInputFiles(csv);
    await page.getByTestId('admin-import-preview').waitFor();
    const errors = await page.getByTestId('admin-import-error').allTextContents();
    expect(errors).toHaveLength(3);
    expect(errors[0]).toContain('아이디는 3~30자의 영문, 숫자, 밑줄이어야 합니다.');
    expect(errors[1]).toContain('레벨은 1~7이어야 합니다.');
    expect(errors[2]).toContain('존재하지 않는 상위 코드입니다.');
    expect(await page.getByTestId('admin-import-start').count()).toBe(0);
    await saveScreenshot(page, 'admin-import-errors-1440');
    const none = await apiCall('/api/admin/member/import/preview', { rows: [{ account: `ok_${tag}`, nickname: `ok_${tag}`, parent_code: 'shop1' }] }, token);
    expect(none.data.errors).toEqual([]); // nothing of the bad file was created

    // 1,000 members in an XLSX file, without passwords (the shared one is asked for), under a shop of
    // their own: under the seeded shop1 they would fill the lists and trees the partner specs read.
    const shop = `ims${tag}`;
    for (const [account, role, parent] of [
      [`imt${tag}`, 'top_hq', undefined],
      [shop, 'shop', `imt${tag}`],
    ] as const) {
      const made = await apiCall(
        '/api/admin/member/create',
        { account, password: 'pw1234', nickname: account, role, state: 'normal_a', ...(parent ? { parent_code: parent } : {}) },
        token,
      );
      expect(made.result).toBe(true);
    }
    const xlsx = `${RESULTS_DIR}import-1000-${tag}.xlsx`;
    await writeXlsx(
      xlsx,
      Array.from({ length: 1000 }, (_, i) => [
        `imp_${tag}_${i}`,
        '',
        `닉${tag}${i}`,
        `010${String(10_000_000 + i)}`,
        '신한',
        `110${String(100_000 + i)}`,
        `예금주${i}`,
        String((i % 7) + 1),
        shop,
      ]),
    );
    await page.getByTestId('admin-import-file').setInputFiles(xlsx);
    await expect.poll(() => page.getByTestId('admin-import-summary').textContent(), { timeout: 30_000 }).toBe('전체 1000행 · 정상 1000행 · 오류 0행');
    await page.getByTestId('admin-import-password').fill('import99');
    await saveScreenshot(page, 'admin-import-preview-1440');
    await page.getByTestId('admin-import-start').click();
    expect(await acknowledge(page)).toContain('1000명의 회원을 가져오시겠습니까?');
    await page.getByTestId('admin-import-job').waitFor();
    await expect.poll(() => page.getByTestId('admin-import-job').getAttribute('data-status'), { timeout: 60_000, interval: 500 }).toBe('done');
    expect(await page.getByTestId('admin-import-done').textContent()).toBe('1000명의 회원을 가져왔습니다.');
    await saveScreenshot(page, 'admin-import-done-1440');

    // An imported member signs in with the shared password and sits under its shop.
    const login = await apiCall('/api/user/login', { account: `imp_${tag}_999`, password: 'import99' });
    expect(login.result).toBe(true);
    const path = await apiCall('/api/admin/agent/tree/search', { search: `imp_${tag}_999` }, token);
    expect(path.data.rows[0]).toMatchObject({ account: `imp_${tag}_999`, status: 'normal_a' });
  } finally {
    await context.close();
  }
}, 180_000);
