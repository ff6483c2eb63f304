/**
 * When a `dependencies`/`oneOf` switch fails, ajv reports the errors of EVERY branch, so a photo
 * with bad dimensions would also be told the video and PDF rules. A branch whose discriminator
 * (a `const`) failed was not the user's choice: its errors are dropped. Used by the generated form
 * (RJSF transformErrors) and by the server's form validation, so both report the same thing.
 */
const BRANCH = /^(.*?\/(?:dependencies\/[^/]+\/)?oneOf\/\d+)\//;

export function dropUnselectedBranchErrors<E extends { schemaPath?: string; keyword?: string; name?: string }>(
  errors: E[],
): E[] {
  const unselected = new Set<string>();
  for (const e of errors) {
    const m = e.schemaPath && BRANCH.exec(e.schemaPath);
    if (m && (e.keyword ?? e.name) === 'const') unselected.add(m[1]);
  }
  if (!unselected.size) return errors;
  return errors.filter((e) => {
    const m = e.schemaPath && BRANCH.exec(e.schemaPath);
    if (m && unselected.has(m[1])) return false;
    // The switch's own "matches no branch" error says nothing the chosen branch's errors do not.
    return !((e.keyword ?? e.name) === 'oneOf' && /\/dependencies\/[^/]+\/oneOf$/.test(e.schemaPath ?? ''));
  });
}
