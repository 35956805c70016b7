/** The user's theme choice; `auto` follows the operating system. */
export type ThemeChoice = 'auto' | 'light' | 'dark';

/** Reads a stored theme choice defensively (storage and URLs are untrusted). */
export function parseThemeChoice(value: unknown): ThemeChoice {
  return value === 'light' || value === 'dark' || value === 'auto' ? value : 'auto';
}

/** The theme: the user's choice and what it resolves to now (following the system for `auto`). */
export class ThemeState {
  choice = $state<ThemeChoice>('auto');
  private prefersDark = $state(false);
  /** The theme to show. */
  resolved = $derived<'light' | 'dark'>(
    this.choice === 'auto' ? (this.prefersDark ? 'dark' : 'light') : this.choice,
  );

  constructor(choice: ThemeChoice) {
    this.choice = choice;
    if (typeof matchMedia === 'function') {
      const query = matchMedia('(prefers-color-scheme: dark)');
      this.prefersDark = query.matches;
      query.addEventListener('change', (event) => (this.prefersDark = event.matches));
    }
  }
}
