/** Edit distance between two short strings (insert, delete, substitute, adjacent swap each cost 1). */
export function editDistance(a: string, b: string): number {
  if (a === b) return 0;
  if (Math.abs(a.length - b.length) > 3 || a.length > 64 || b.length > 64)
    return Math.max(a.length, b.length);
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) {
    rows.push([i]);
    for (let j = 1; j <= b.length; j++) {
      if (i === 0) {
        rows[0]!.push(j);
        continue;
      }
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, rows[i - 2]![j - 2]! + 1);
      rows[i]!.push(best);
    }
  }
  return rows[a.length]![b.length]!;
}

/** A candidate near a word: its distance (a case-only difference counts 0.5). */
export interface CloseMatch {
  candidate: string;
  distance: number;
}

/**
 * Every candidate within the typo limit of `word` (distance at most a third of the word's length, at
 * least 1; case differences count as near), closest first (ties keep the candidates' order). Quick
 * fixes use it to tell a sure correction (one match) from a guess.
 */
export function closeMatches(word: string, candidates: Iterable<string>): CloseMatch[] {
  const lower = word.toLowerCase();
  const limit = Math.max(1, Math.floor(word.length / 3));
  const out: CloseMatch[] = [];
  for (const candidate of candidates) {
    const distance =
      candidate.toLowerCase() === lower ? 0.5 : editDistance(lower, candidate.toLowerCase());
    if (distance <= limit) out.push({ candidate, distance });
  }
  return out.sort((a, b) => a.distance - b.distance);
}

/**
 * The candidate closest to `word` when it is a plausible typo (distance at most a third of the word's
 * length, at least 1; case differences count as near), else undefined.
 */
export function didYouMean(word: string, candidates: Iterable<string>): string | undefined {
  return closeMatches(word, candidates)[0]?.candidate;
}
