import { execFile, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordSyntheticSession } from '../../bench/replay';
import { combineHashes } from '../../projections/hash';
import { unsealedFooter } from '../../protocol/session-file';
import { REPLAY_NODE_FLAGS } from '../../scripts/replay-flags';
import { createPlazaServer, type PlazaServer } from '../../server/app';
import { recordSession } from './record-session';
import { writtenAsVersion } from './session-versions';

const run = promisify(execFile);
const VIA_NPM = '(via npm run replay)';
let server: PlazaServer;
let dir: string;
let text: string;

beforeAll(async () => {
  server = await createPlazaServer({ port: 0, log: () => {} });
  text = (await recordSession(server)).text;
  dir = mkdtempSync(join(tmpdir(), 'plaza-replay-'));
});
afterAll(() => server.close());

/** Runs the CLI on `content` (as `npx tsx scripts/replay.ts`; `viaNpm`: as `npm run replay`, with its Node flags). */
async function replay(name: string, content: string, ...args: string[]) {
  const viaNpm = args[0] === VIA_NPM;
  if (viaNpm) args.shift();
  const file = join(dir, name);
  writeFileSync(file, content);
  try {
    const { stdout, stderr } = await (viaNpm ? run('npm', ['run', '-s', 'replay', '--', file, ...args]) : run('npx', ['tsx', 'scripts/replay.ts', file, ...args]));
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

describe('npm run replay', () => {
  it('replays to the recorded hash and exits 0, run as `npm run replay` with its Node flags', async () => {
    const script = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts.replay;
    expect(script).toBe(`node ${REPLAY_NODE_FLAGS.join(' ')} --import tsx scripts/replay.ts`);
    const footer = JSON.parse(text.trimEnd().split('\n').at(-1)!);
    const { code, stdout } = await replay('good.jsonl', text, VIA_NPM);
    expect(code).toBe(0);
    expect(stdout).toContain(`hash      ${footer.hash} (recorded ${footer.hash})`);
    expect(stdout).toContain('format    version 4 (digests and hashes: cyrb64)');
    expect(stdout).toMatch(/inputs {4}(\d+) of \1/);
  });

  it('decodes the frames on a second thread by default, and the same replay on one thread prints the same', async () => {
    const threaded = await replay('good.jsonl', text);
    const single = await replay('good.jsonl', text, '--one-thread');
    expect(threaded.code).toBe(0);
    expect(single.code).toBe(0);
    expect(threaded.stdout).toMatch(/^frames {4}\d+ decoded ahead on a second thread, \d+ on the main thread$/m);
    expect(single.stdout).toContain('frames    decoded on the main thread (--one-thread)');
    // Everything but the timing and the line saying where frames were decoded.
    const same = (stdout: string) => stdout.split('\n').filter((l) => !/^(duration|frames) /.test(l));
    expect(same(threaded.stdout)).toEqual(same(single.stdout));
  });

  it('dumps a projection at an input', async () => {
    const { code, stdout, stderr } = await replay('good.jsonl', text, '--until', '2', '--dump', 'session');
    expect(code).toBe(0);
    // Standard output is the projection alone, so it can be redirected to a file or piped into jq.
    expect(JSON.parse(stdout)).toMatchObject({ active: false });
    expect(stderr).toContain('inputs    2 of');
  });

  it('counts every event appended beside the log\'s length when the log was compacted (the debugger counts them all)', async () => {
    const compacted = await recordSyntheticSession(20_000, 'heavy-user', { timers: true });
    const { code, stdout } = await replay('compacted.jsonl', compacted);
    expect(code).toBe(0);
    const [, inLog, recorded, all] = /^events {4}(\d+) \(recorded (\d+)\) in the log since its last compaction; (\d+) appended in all$/m.exec(stdout)!;
    expect(inLog).toBe(recorded);
    expect(Number(all)).toBeGreaterThan(Number(inLog));
  }, 60_000);

  it('says when --until is past the last input', async () => {
    const { code, stdout } = await replay('good.jsonl', text, '--until', '1000000');
    expect(code).toBe(0);
    expect(stdout).toContain("(--until 1000000 is past the session's last input: it was replayed whole)");
  });

  it('exits with the replay\'s code, and no EPIPE stack trace, when what reads its output stops early (`| head`)', async () => {
    const file = join(dir, 'piped.jsonl');
    writeFileSync(file, text);
    // The reading end is closed before the CLI writes anything, as `head` does once it has its lines.
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/replay.ts', file, '--dump', 'messages'], { stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.destroy();
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(stderr).not.toContain('EPIPE');
    expect(code).toBe(0);
  });

  it('trims a session to its first inputs, and the trimmed file replays to its own footer', async () => {
    const out = join(dir, 'trimmed.jsonl');
    const trimmed = await replay('good.jsonl', text, '--until', '6', '--trim', out);
    expect(trimmed.code).toBe(0);
    const again = await replay('trimmed-copy.jsonl', readFileSync(out, 'utf8'));
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('inputs    6 of 6');
  });

  it('replays and trims a version 2 file with its own hash (FNV-1a 64); the trimmed file stays version 2', async () => {
    const v2 = await writtenAsVersion(text, 2);
    const footer = JSON.parse(v2.trimEnd().split('\n').at(-1)!);
    const whole = await replay('v2.jsonl', v2);
    expect(whole.code).toBe(0);
    expect(whole.stdout).toContain('format    version 2 (digests and hashes: fnv1a64)');
    expect(whole.stdout).toContain(`hash      ${footer.hash} (recorded ${footer.hash})`);
    const out = join(dir, 'v2-trimmed.jsonl');
    expect((await replay('v2.jsonl', v2, '--until', '6', '--trim', out)).code).toBe(0);
    const trimmed = readFileSync(out, 'utf8');
    expect(JSON.parse(trimmed.split('\n')[0]!).version).toBe(2);
    const again = await replay('v2-trimmed-copy.jsonl', trimmed);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('inputs    6 of 6');
  });

  it('names the first divergence of an altered recording and exits 1, with or without the decoder thread', async () => {
    const altered = text.replace('hello Bob', 'hello Bill');
    const { code, stderr } = await replay('altered.jsonl', altered);
    expect(code).toBe(1);
    expect(stderr).toMatch(/^DIVERGED after input \d+ \(file line \d+\): events/m);
    expect(stderr).toContain('hello Bill');
    const single = await replay('altered.jsonl', altered, '--one-thread');
    expect(single.code).toBe(1);
    expect(single.stderr).toBe(stderr);
  });

  it('names a divergence in the first input (the start) as a divergence, not with a stack trace', async () => {
    const rows = text.trimEnd().split('\n');
    const target = rows.findIndex((r) => r.startsWith('{"k":"op"') && r.includes('"op":"get"'));
    rows[target] = rows[target]!.replace(/"key":"([^"]+)"/, '"key":"$1-altered"');
    const { code, stderr } = await replay('altered-start.jsonl', rows.join('\n') + '\n');
    expect(code).toBe(1);
    expect(stderr).toMatch(new RegExp(`^DIVERGED after input 1 \\(file line ${target + 1}\\): output$`, 'm'));
    expect(stderr).toMatch(/^ {2}actual: {3}\{"k":"op","o":\d+,"op":"get","key":"[^"]+"\}$/m);
    expect(stderr).not.toContain('    at ');
  });

  it('says that --trim wrote nothing when the replay diverged before the input it was to cut at', async () => {
    const out = join(dir, 'not-trimmed.jsonl');
    const { code, stderr } = await replay('altered-trim.jsonl', text.replace('hello Bob', 'hello Bill'), '--until', '100000', '--trim', out);
    expect(code).toBe(1);
    const input = Number(/^DIVERGED after input (\d+) /m.exec(stderr)?.[1]);
    expect(stderr).toContain(`not trimmed: ${out} was not written; --until ${input - 1} --trim writes the inputs before the divergence`);
    expect(existsSync(out)).toBe(false);
  });

  it('names the projection whose hash the footer does not match', async () => {
    const rows = text.trimEnd().split('\n');
    const footer = JSON.parse(rows.at(-1)!);
    // A footer that holds together (its hash combines its projections') but is not this session's state.
    const projections = { ...footer.projections, unread: '0'.repeat(16) };
    rows[rows.length - 1] = JSON.stringify({ ...footer, hash: combineHashes(projections), projections });
    const { code, stderr } = await replay('footer.jsonl', rows.join('\n') + '\n');
    expect(code).toBe(1);
    // It read 'projection in projection "unread"'.
    expect(stderr).toMatch(new RegExp(`^DIVERGED after input \\d+ \\(file line ${rows.length}\\): projection "unread"$`, 'm'));
  });

  it('refuses a footer whose projections\' hashes do not make its hash (it was accepted when the hash matched), and exits 2', async () => {
    const rows = text.trimEnd().split('\n');
    const footer = JSON.parse(rows.at(-1)!);
    rows[rows.length - 1] = JSON.stringify({ ...footer, projections: { ...footer.projections, unread: '0'.repeat(16) } });
    const { code, stdout, stderr } = await replay('inconsistent.jsonl', rows.join('\n') + '\n');
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toMatch(new RegExp(`^refused: line ${rows.length}: footer: its projections' hashes combine \\(cyrb64\\) to [0-9a-f]{16}, not to its hash ${footer.hash}: the footer \\(or the header's version\\) was altered or damaged$`, 'm'));
  });
  it('with --fast, still names the exact first divergence when the final state differs', async () => {
    // Alter Bob's own post in the response that delivers it, so the end state differs too.
    const altered = text.replace('design review at 3?', 'design review at 4?');
    const { code, stderr } = await replay('altered-fast.jsonl', altered, '--fast');
    expect(code).toBe(1);
    expect(stderr).toMatch(/^DIVERGED after input \d+ \(file line \d+\): (events|output)/m);
  });

  it('reads a file an editor saved with a byte order mark, as the debugger does', async () => {
    const footer = JSON.parse(text.trimEnd().split('\n').at(-1)!);
    for (const args of [[], ['--one-thread']]) {
      const { code, stdout } = await replay('bom.jsonl', `\uFEFF${text}`, ...args);
      expect(code).toBe(0);
      expect(stdout).toContain(`hash      ${footer.hash} (recorded ${footer.hash})`);
    }
  });

  it('refuses a corrupted file, naming the line, and exits 2', async () => {
    const rows = text.trimEnd().split('\n');
    rows[3] = '{"k":"res","t":"soon"}';
    const { code, stderr } = await replay('corrupt.jsonl', rows.join('\n'));
    expect(code).toBe(2);
    expect(stderr).toMatch(/^refused: line 4: res: t: /m);
  });
});

describe('npm run replay on an unsealed file (exported without a final hash)', () => {
  const note = { by: 'plaza-web 9.9.9', input: 7, line: 30, reason: 'the events it appended differ' };
  const unsealed = (session: string): string => {
    const rows = session.trimEnd().split('\n');
    const { inputs } = JSON.parse(rows.at(-1)!) as { inputs: number };
    return [...rows.slice(0, -1), JSON.stringify(unsealedFooter(inputs, note))].join('\n') + '\n';
  };

  it('checks every input and exits 0 when they all match, saying it has no final hash to compare, and why', async () => {
    const { code, stdout, stderr } = await replay('unsealed.jsonl', unsealed(text), VIA_NPM);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const hash = JSON.parse(text.trimEnd().split('\n').at(-1)!).hash as string;
    expect(stdout).toMatch(/^events {4}\d+ \(none recorded: the file is unsealed\)$/m);
    expect(stdout).toContain(`hash      ${hash} (none recorded: the file is unsealed)`);
    expect(stdout).toContain('unsealed  exported without a final hash: its replay on plaza-web 9.9.9 differed after input 7 (file line 30): the events it appended differ');
    expect(stdout).toContain("          every input's outputs and events match the recording; it has no final hash to compare");
  });

  it('names a divergence in its inputs, and exits 1', async () => {
    const { code, stdout, stderr } = await replay('unsealed-altered.jsonl', unsealed(text.replace('hello Bob', 'hello Bill')));
    expect(code).toBe(1);
    expect(stderr).toMatch(/^DIVERGED after input \d+ \(file line \d+\): events$/m);
    expect(stdout).toContain('unsealed  exported without a final hash');
    expect(stdout).not.toContain('every input');
  });

  it('checks every input\'s events even with --fast, which has no final hash to fall back on', async () => {
    // The altered frame's events differ, but the session goes on as before: only its digest tells.
    const { code, stdout, stderr } = await replay('unsealed-fast.jsonl', unsealed(text.replace('hello Bob', 'hello Bill')), '--fast');
    expect(code).toBe(1);
    expect(stderr).toMatch(/^DIVERGED after input \d+ \(file line \d+\): events$/m);
    expect(stdout).toContain("          (--fast was not taken: without a final hash to fall back on, every input's events were checked)");
  });
});
