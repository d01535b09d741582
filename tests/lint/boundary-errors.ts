// Shared by the boundary tests (not a test itself): the project's own ESLint configuration, run on text
// as if it were a given file, as `npm run lint` would see it.
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { expect } from 'vitest';
import { fromRoot } from '#server/lib/paths.ts';

// Minus type information: the boundary rules read import paths only, and building the TypeScript
// program for the type-aware rules took minutes of CI time (decision 0096).
const eslint = new ESLint({
  cwd: fromRoot(),
  overrideConfig: [
    {
      ...tseslint.configs.disableTypeChecked,
      languageOptions: { parserOptions: { projectService: false, project: null } },
    },
  ],
});

/** The messages of rule `ruleId` that ESLint reports for `code` as if it were the file at `filePath`. */
export async function boundaryErrors(ruleId: string, code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  const messages = result?.messages ?? [];
  // A file that does not parse reports nothing else, which would make "no error" meaningless.
  expect(messages.filter((m) => m.fatal)).toEqual([]);
  return messages.filter((m) => m.ruleId === ruleId).map((m) => m.message);
}
