// Comparison of the message ids of two language files (formatjs "simple" format), shared by the
// compile script and the tests. Pure.

export interface IdMismatch {
  /** Ids the reference (en.json) has and the other file lacks. */
  missing: string[];
  /** Ids the other file has and the reference lacks. */
  extra: string[];
}

export function compareMessageIds(reference: Record<string, unknown>, other: Record<string, unknown>): IdMismatch {
  const referenceIds = new Set(Object.keys(reference));
  const otherIds = new Set(Object.keys(other));
  return {
    missing: [...referenceIds].filter((id) => !otherIds.has(id)).sort(),
    extra: [...otherIds].filter((id) => !referenceIds.has(id)).sort(),
  };
}
