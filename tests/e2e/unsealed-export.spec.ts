/**
 * The session before a reload, recorded by an earlier build, exported from Recording settings: its replay on
 * this build differs from what it recorded, and it is exported all the same — unsealed, every whole input as
 * recorded, no final hash — and the dialog says so and why (docs/session-format.md, "Unsealed files"). It used
 * to be refused: "The stored recording does not replay (after input N); it cannot be exported."
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { expect, test, type Page } from '@playwright/test';
import { signIn } from './sign-in';

const run = promisify(execFile);
const EARLIER_BUILD = 'plaza-web 0.4.0+0123456789';

/**
 * Makes the stored recording that is not `currentApp`'s running one look recorded by an earlier build whose fold
 * differed: its header and entry name EARLIER_BUILD, and its first event digest is one this build's replay does
 * not produce. Answers the file line of that digest.
 */
async function asRecordedByAnEarlierBuild(page: Page): Promise<{ digestLine: number }> {
  return page.evaluate(
    (earlier) =>
      new Promise<{ digestLine: number }>((resolve, reject) => {
        const open = indexedDB.open('plaza-recordings');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const tx = db.transaction(['sessions', 'chunks'], 'readwrite');
          const sessions = tx.objectStore('sessions');
          const all = sessions.getAll();
          all.onsuccess = () => {
            const entries = all.result as { id: string; started: number; app: string }[];
            const previous = entries.sort((a, b) => a.started - b.started)[0]!;
            sessions.put({ ...previous, app: earlier });
            const chunks = tx.objectStore('chunks');
            const stored = chunks.getAll(IDBKeyRange.bound([previous.id, 0], [previous.id, Infinity]));
            stored.onsuccess = () => {
              const all = (stored.result as { id: string; n: number; lines: string[] }[]).sort((a, b) => a.n - b.n);
              const [first] = all;
              first!.lines[0] = JSON.stringify({ ...JSON.parse(first!.lines[0]!), app: earlier });
              chunks.put(first);
              // The first event digest, in whichever chunk it is: its file line counts the lines of the chunks before.
              let before = 0;
              for (const chunk of all) {
                const digest = chunk.lines.findIndex((l) => l.startsWith('E '));
                if (digest >= 0) {
                  chunk.lines[digest] = chunk.lines[digest]!.replace(/ [0-9a-f]{16}$/, ' 0123456789abcdef');
                  chunks.put(chunk);
                  tx.oncomplete = () => resolve({ digestLine: before + digest + 1 });
                  return;
                }
                before += chunk.lines.length;
              }
              reject(new Error('the recording has no event digest'));
            };
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    EARLIER_BUILD,
  );
}

test('a previous session whose replay here diverges is exported unsealed, and Recording settings says why', async ({ page }, testInfo) => {
  await signIn(page, 'bob@acme.test');
  await page.getByRole('navigation', { name: 'Conversations' }).getByRole('link', { name: /^Engineering/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Engineering' })).toBeVisible();
  // Let the recording's batches reach IndexedDB (every 250 ms), then reload: a new recording, the previous one without a footer.
  await page.waitForTimeout(1_000);
  await page.reload();
  await expect(page.getByRole('navigation', { name: 'Conversations' })).toBeVisible();
  const { digestLine } = await asRecordedByAnEarlierBuild(page);

  await page.getByRole('banner').getByRole('button', { name: 'Bob Brown' }).click();
  await page.getByRole('menuitem', { name: 'Recording settings…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Recording' });
  const rows = dialog.getByRole('list', { name: 'Stored recordings' }).getByRole('listitem');
  await expect(rows).toHaveCount(2);
  // Each names the build that recorded it: this session this build, the one before the earlier build.
  await expect(rows.first()).toContainText('(this session)');
  await expect(rows.first()).toContainText(/plaza-web \d+\.\d+\.\d+\+[0-9a-f]{10}/);
  await expect(rows.nth(1)).toContainText(EARLIER_BUILD);
  const thisBuild = /plaza-web \S+/.exec((await rows.first().textContent())!)![0];

  const downloading = page.waitForEvent('download');
  await rows.nth(1).getByRole('button', { name: /^Export recording of/ }).click();
  const file = testInfo.outputPath('unsealed.jsonl');
  await (await downloading).saveAs(file);
  await expect(dialog.getByRole('status')).toHaveText(
    new RegExp(
      `^plaza-session-\\S+\\.jsonl was exported unsealed: this build \\(${thisBuild.replace(/[.+]/g, '\\$&')}\\) does not replay the recording as it went after input \\d+ ` +
        `\\(the events it appended differ\\), so the file has every whole input as recorded but no final hash\\. Replay it on plaza-web 0\\.4\\.0\\+0123456789, the build that recorded it\\.$`,
    ),
  );
  await expect(dialog.getByRole('alert')).toHaveCount(0);

  const text = readFileSync(file, 'utf8');
  const rowsOfFile = text.trimEnd().split('\n');
  expect(JSON.parse(rowsOfFile[0]!).app).toBe(EARLIER_BUILD);
  const footer = JSON.parse(rowsOfFile.at(-1)!);
  expect(footer).toMatchObject({ k: 'end', events: 0, hash: '0000000000000000', projections: {}, unsealed: { by: thisBuild, line: digestLine, reason: 'the events it appended differ' } });
  expect(footer.inputs).toBeGreaterThan(footer.unsealed.input);

  // This build's CLI names the same divergence, and says the file has no final hash to compare.
  const replayed = await run('npx', ['tsx', 'scripts/replay.ts', file]).catch((error: { code: number; stdout: string; stderr: string }) => error);
  expect('code' in replayed ? replayed.code : 0).toBe(1);
  expect(replayed.stdout).toContain(`unsealed  exported without a final hash: its replay on ${thisBuild} differed after input ${footer.unsealed.input} (file line ${digestLine})`);
  expect(replayed.stderr).toContain(`DIVERGED after input ${footer.unsealed.input} (file line ${digestLine}): events`);
});
