import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { buildGeneratedFiles, GENERATED_FOLDERS } from './generate/all.ts';
import { ROOT } from './generate/read-schemas.ts';

/** Writes every file derived from schemas/ and removes generated files whose schema is gone. */
async function main(): Promise<void> {
  const files = await buildGeneratedFiles();
  let changed = 0;
  for (const [path, content] of Object.entries(files)) {
    const target = join(ROOT, path);
    if (readIfExists(target) === content) continue;
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, content);
    changed++;
  }
  for (const folder of GENERATED_FOLDERS) {
    for (const file of readdirSync(join(ROOT, folder))) {
      const path = `${folder}/${file}`;
      if (!(path in files)) {
        rmSync(join(ROOT, path));
        changed++;
      }
    }
  }
  console.log(`gen: ${Object.keys(files).length} generated files, ${changed} updated`);
}

function readIfExists(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

main().catch((error: Error) => {
  console.error(`gen: ${error.message}`);
  process.exit(1);
});
