// Type-checks each folder with its own tsconfig, so each gets only the `lib` it may use
// (STYLE.md): no DOM in protocol/ and projections/, WebWorker in core-worker/ and ui/service-worker/, DOM in the rest of ui/.
import { execFileSync } from 'node:child_process';

const folders = ['protocol', 'projections', 'core-worker', 'ui/service-worker', 'ui', 'server', 'fixtures', 'tests'];
let failed = false;
for (const folder of folders) {
  try {
    execFileSync('npx', ['tsc', '-p', folder], { stdio: 'inherit' });
  } catch {
    failed = true;
    console.error(`typecheck failed in ${folder}/`);
  }
}
process.exitCode = failed ? 1 : 0;
