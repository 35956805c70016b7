/**
 * Shrinks a failing input to a small one that still fails (greedy delta debugging): removes chunks of
 * lines, then chunks of characters, halving the chunk size whenever nothing more can go. `fails` must be
 * deterministic. Stops after `budget` calls of `fails`; the result always still fails.
 */
export function shrink(text: string, fails: (text: string) => boolean, budget = 2_000): string {
  let calls = 0;
  const tryText = (candidate: string): boolean => {
    if (calls >= budget) return false;
    calls++;
    return fails(candidate);
  };
  let current = text;
  for (const unit of ['line', 'char'] as const) {
    let pieces = unit === 'line' ? current.split(/(?<=\n)/) : [...current];
    let chunk = Math.max(1, pieces.length >> 1);
    while (chunk >= 1 && calls < budget) {
      let removed = false;
      for (let at = 0; at < pieces.length && calls < budget;) {
        const candidate = [...pieces.slice(0, at), ...pieces.slice(at + chunk)];
        if (tryText(candidate.join(''))) {
          pieces = candidate;
          removed = true;
        } else {
          at += chunk;
        }
      }
      if (!removed) chunk >>= 1;
    }
    current = pieces.join('');
  }
  return current;
}
