import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from './server.ts';

/** `npm run emulator` with these flags and env: its banner and whether `/_dev/mailbox` answers; then SIGTERM. */
async function runCli(args: string[], env: Record<string, string> = {}): Promise<{ banner: string; mailbox: number }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'emulator/main.ts', '--port', '0', '--db', ':memory:', ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, INLAY_DEV: '', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
  try {
    let banner = '';
    child.stdout.setEncoding('utf8');
    await new Promise<void>((ready, fail) => {
      const timer = setTimeout(() => fail(new Error(`no dev helpers line in the banner: ${banner}`)), 15_000);
      child.stdout.on('data', (chunk: string) => {
        banner += chunk;
        if (/dev helpers: .*\n/.test(banner)) {
          clearTimeout(timer);
          ready();
        }
      });
      child.on('exit', (code) => {
        clearTimeout(timer);
        fail(new Error(`emulator exited with ${code}: ${banner}`));
      });
    });
    const url = /emulator listening on (\S+)/.exec(banner)![1]!;
    const mailbox = (await fetch(`${url}/_dev/mailbox`)).status;
    return { banner, mailbox };
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

describe('npm run emulator: dev mode', () => {
  it('is off by default (the banner says so, /_dev/* answer 404); --dev or INLAY_DEV=1 turn it on', { timeout: 30_000 }, async () => {
    // allSettled: every child is stopped before anything is asserted
    const runs = await Promise.allSettled([runCli([]), runCli(['--dev']), runCli([], { INLAY_DEV: '1' })]);
    const [off, flag, env] = runs.map((r) => {
      if (r.status === 'rejected') throw r.reason;
      return r.value;
    }) as [Awaited<ReturnType<typeof runCli>>, Awaited<ReturnType<typeof runCli>>, Awaited<ReturnType<typeof runCli>>];
    expect(off.banner).toMatch(/dev helpers: off/);
    expect(off.mailbox).toBe(404);
    for (const on of [flag, env]) {
      expect(on.banner).toMatch(/dev helpers: on/);
      expect(on.mailbox).toBe(200);
    }
  });
});
