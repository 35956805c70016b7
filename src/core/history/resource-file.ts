/**
 * Files named by `---RESOURCE` lines: where they are, and the content part fast-agent makes of them
 * (`resource_utils.load_resource_content` with `mime_utils`).
 */
import type { HistoryPart } from './history-message.ts';

/**
 * Resolves `resourcePath` against the folder of `historyPath` (posix paths): an absolute resource path stands
 * alone, `.` and empty segments drop out, and `..` removes the segment before it (kept at the start of a
 * relative result). Returns `.` for an empty result.
 */
export function resolveResourcePath(historyPath: string, resourcePath: string): string {
  const slash = historyPath.lastIndexOf('/');
  const folder = slash === -1 ? '' : historyPath.slice(0, slash + 1);
  const joined = resourcePath.startsWith('/') ? resourcePath : folder + resourcePath;
  const absolute = joined.startsWith('/');
  const out: string[] = [];
  for (const segment of joined.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..' && out.length > 0 && out[out.length - 1] !== '..') out.pop();
    else if (segment !== '..' || !absolute) out.push(segment);
  }
  const path = (absolute ? '/' : '') + out.join('/');
  return path === '' ? '.' : path;
}

/**
 * The content part fast-agent embeds for a resource file: an image for `image/*` types (except SVG), an
 * embedded text resource for text types (with `\r\n` and `\r` read as `\n`, as Python's text mode does), and
 * a blob resource (no `text`) for everything else. `resourcePath` is the path as written in the history file;
 * its last segment names the `resource://fast-agent/…` URI.
 */
export function embedResource(
  resourcePath: string,
  resolvedPath: string,
  content: string,
): HistoryPart {
  const mimeType = guessMimeType(resolvedPath);
  const name = resourcePath.slice(resourcePath.lastIndexOf('/') + 1);
  const uri = `resource://fast-agent/${encodeUrlPath(name)}`;
  if (mimeType.startsWith('image/') && mimeType !== 'image/svg+xml')
    return { type: 'image', mimeType, uri };
  if (!isTextMimeType(mimeType)) return { type: 'resource', uri, mimeType };
  return { type: 'resource', uri, mimeType, text: content.replace(/\r\n?/g, '\n') };
}

/**
 * Python's `mimetypes.guess_type` by extension, with its built-in table plus fast-agent's additions and
 * Markdown (most systems add `text/markdown`). Unknown extensions are `application/octet-stream`, so fast-agent
 * embeds such files as binary blobs; system MIME files on the reference machine may know more extensions.
 */
export function guessMimeType(path: string): string {
  const name = path.slice(path.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  if (dot <= 0) return 'application/octet-stream';
  const extension = name.slice(dot + 1).toLowerCase();
  return MIME_TYPES.get(extension) ?? 'application/octet-stream';
}

function isTextMimeType(mimeType: string): boolean {
  return (
    mimeType.startsWith('text/') ||
    TEXT_MIME_TYPES.has(mimeType) ||
    ['+xml', '+json', '+yaml', '+text'].some((suffix) => mimeType.endsWith(suffix))
  );
}

/** Percent-encodes what a URL parser encodes in the path of a non-special URL (spaces, quotes, non-ASCII...). */
function encodeUrlPath(segment: string): string {
  return segment.replace(/[\x00-\x20"<>`{}\x7f-\uffff]+/g, (run) => {
    let out = '';
    for (const byte of new TextEncoder().encode(run))
      out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
    return out;
  });
}

const TEXT_MIME_TYPES = new Set([
  'application/json',
  'application/javascript',
  'application/xml',
  'application/ld+json',
  'application/xhtml+xml',
  'application/x-httpd-php',
  'application/x-sh',
  'application/ecmascript',
  'application/graphql',
  'application/x-www-form-urlencoded',
  'application/yaml',
  'application/toml',
  'application/x-python-code',
  'application/vnd.api+json',
]);

// Python's built-in `mimetypes` table (3.11) plus fast-agent's additions (`.py`, `.webp`,
// Office formats) and Markdown, as in mime.types.
const MIME_TABLE = `
application/javascript js mjs
application/json json
application/manifest+json webmanifest
application/msword doc dot wiz
application/n-quads nq
application/n-triples nt
application/oda oda
application/pdf pdf
application/pkcs7-mime p7c
application/postscript ai eps ps
application/trig trig
application/vnd.apple.mpegurl m3u m3u8
application/vnd.ms-excel xlb xls
application/vnd.ms-powerpoint pot ppa pps ppt pwz
application/vnd.openxmlformats-officedocument.presentationml.presentation pptx
application/vnd.openxmlformats-officedocument.spreadsheetml.sheet xlsx
application/vnd.openxmlformats-officedocument.wordprocessingml.document docx
application/wasm wasm
application/x-bcpio bcpio
application/x-cpio cpio
application/x-csh csh
application/x-dvi dvi
application/x-gtar gtar
application/x-hdf hdf
application/x-hdf5 h5
application/x-latex latex
application/x-mif mif
application/x-netcdf cdf nc
application/x-pkcs12 p12 pfx
application/x-pn-realaudio ram
application/x-python-code pyc pyo
application/x-sh sh
application/x-shar shar
application/x-shockwave-flash swf
application/x-sv4cpio sv4cpio
application/x-sv4crc sv4crc
application/x-tar tar
application/x-tcl tcl
application/x-tex tex
application/x-texinfo texi texinfo
application/x-troff roff t tr
application/x-troff-man man
application/x-troff-me me
application/x-troff-ms ms
application/x-ustar ustar
application/x-wais-source src
application/xml rdf wsdl xpdl xsl
application/zip zip
audio/3gpp 3gp 3gpp
audio/3gpp2 3g2 3gpp2
audio/aac aac adts ass loas
audio/basic au snd
audio/mpeg mp2 mp3
audio/opus opus
audio/x-aiff aif aifc aiff
audio/x-pn-realaudio ra
audio/x-wav wav
image/avif avif
image/bmp bmp
image/gif gif
image/heic heic
image/heif heif
image/ief ief
image/jpeg jpe jpeg jpg
image/png png
image/svg+xml svg
image/tiff tif tiff
image/vnd.microsoft.icon ico
image/webp webp
image/x-cmu-raster ras
image/x-portable-anymap pnm
image/x-portable-bitmap pbm
image/x-portable-graymap pgm
image/x-portable-pixmap ppm
image/x-rgb rgb
image/x-xbitmap xbm
image/x-xpixmap xpm
image/x-xwindowdump xwd
message/rfc822 eml mht mhtml nws
text/css css
text/csv csv
text/html htm html
text/markdown markdown md
text/n3 n3
text/plain bat c h ksh pl srt txt
text/richtext rtx
text/tab-separated-values tsv
text/vtt vtt
text/x-python py
text/x-setext etx
text/x-sgml sgm sgml
text/x-vcard vcf
text/xml xml
video/mp4 mp4
video/mpeg m1v mpa mpe mpeg mpg
video/quicktime mov qt
video/webm webm
video/x-msvideo avi
video/x-sgi-movie movie
`;

const MIME_TYPES = new Map<string, string>();
for (const line of MIME_TABLE.trim().split('\n')) {
  const [mimeType, ...extensions] = line.split(' ');
  for (const extension of extensions) MIME_TYPES.set(extension, mimeType!);
}
