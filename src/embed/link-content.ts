/**
 * The files of a `#v1:` link, for the `load=click` page: loaded on demand by `main.ts`, apart from the
 * playground. (A dynamic import of the permalink codec itself would share the app's entry chunk, and run the app.)
 */
import { decodePermalink, type PermalinkEnvelope } from '../permalink/permalink.ts';

/** The content of the link in `hash`, or undefined when it is not one that opens. Never rejects. */
export async function linkContent(hash: string): Promise<PermalinkEnvelope | undefined> {
  const decoded = await decodePermalink(hash);
  return decoded.ok ? decoded.envelope : undefined;
}
