/**
 * For Jest: features/crlv/node-read.ts run in a child process over `files` (absolute paths), its
 * answers as { [file]: CrlvResult }. One child for every file: pdf.js is an ES module Jest's
 * CommonJS transform does not load. `preload`: modules the child imports before pdf.js loads (to
 * take away what an engine lacks). Rejects when the child fails or outlives 60 s. Node only; no
 * app code imports it.
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { CrlvResult } from './crlv-reading';

const ROOT = join(__dirname, '..', '..');

export async function readWithNode(
  files: readonly string[],
  { preload = [] }: { preload?: readonly string[] } = {},
): Promise<Record<string, CrlvResult>> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [
      ...preload.flatMap((module) => ['--import', module]),
      '--import',
      'tsx',
      join(__dirname, 'features', 'crlv', 'node-read.ts'),
      ...files,
    ],
    {
      cwd: ROOT,
      timeout: 60_000,
    },
  );
  return Object.fromEntries(
    stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { file: string; result: CrlvResult })
      .map(({ file, result }) => [file, result]),
  );
}
