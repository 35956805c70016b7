/**
 * Which results the embed reports to its host: one report per check of new content. The worker checks
 * the same content again now and then (once its portability fixes have loaded, the check that went
 * without them is repeated); such a check is reported only when what it says differs from the last
 * report, so a host counting reports sees one at load and one after each edit.
 */
export class ReportGate {
  private texts: ReadonlyMap<string, string> | null = null;
  private profile = '';
  private payload: unknown = null;
  /** `payload` serialised, once it has been compared. */
  private said: string | undefined;

  /**
   * True when a report of `payload` (a new object, not changed afterwards), for a check of `texts` under
   * `profile`, is news; it then counts as sent. Payloads are compared (serialised) only when the content
   * is the last report's, which typing never gives.
   */
  pass(texts: ReadonlyMap<string, string>, profile: string, payload: unknown): boolean {
    if (this.texts !== null && profile === this.profile && sameTexts(texts, this.texts)) {
      this.said ??= JSON.stringify(this.payload);
      const said = JSON.stringify(payload);
      if (said === this.said) return false;
      this.said = said;
    } else this.said = undefined;
    this.texts = texts;
    this.profile = profile;
    this.payload = payload;
    return true;
  }
}

function sameTexts(a: ReadonlyMap<string, string>, b: ReadonlyMap<string, string>): boolean {
  if (a === b) return true;
  if (a.size !== b.size) return false;
  for (const [path, text] of a) if (b.get(path) !== text) return false;
  return true;
}
