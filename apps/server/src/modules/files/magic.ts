// What the first bytes of a file must look like for its extension ("magic numbers"). A file whose bytes do not
// match its extension is refused: a renamed executable or HTML page never becomes a part's "picture".
import type { UploadExtension } from '@portal/shared';

const bytes = (...b: number[]) => Buffer.from(b);
const ascii = (s: string) => Buffer.from(s, 'latin1');

const JPEG = bytes(0xff, 0xd8, 0xff);
const PNG = bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);
const PDF = ascii('%PDF-');
/** OLE2 compound file: doc, xls, ppt, MicroStation V8 dgn, old drw. */
const OLE = bytes(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1);
/** ZIP container: docx, xlsx, pptx, odt, CorelDRAW X4+. */
const ZIP = bytes(0x50, 0x4b, 0x03, 0x04);
const RTF = ascii('{\\rtf');
const PS = ascii('%!PS');
const EPS_BINARY = bytes(0xc5, 0xd0, 0xd3, 0xc6);
const RIFF = ascii('RIFF');
const DWG = ascii('AC10');
const DGN_V7 = [bytes(0x08, 0x09, 0xfe, 0x02), bytes(0xc8, 0x09, 0xfe, 0x02)];
const PROE = ascii('#UGC');

const startsWith = (head: Buffer, sig: Buffer, at = 0) =>
  head.length >= at + sig.length && head.subarray(at, at + sig.length).equals(sig);

/** Text files: no NUL byte and valid UTF-8 (or plain 8-bit text) in the head, and not an HTML/SVG document. */
function isText(head: Buffer): boolean {
  if (head.includes(0)) return false;
  const start = head.subarray(0, 512).toString('latin1').trimStart().toLowerCase();
  return !/^(<!doctype html|<html|<svg|<script|<\?xml)/.test(start);
}

const CHECKS: Record<UploadExtension, (h: Buffer) => boolean> = {
  jpg: (h) => startsWith(h, JPEG),
  jpeg: (h) => startsWith(h, JPEG),
  png: (h) => startsWith(h, PNG),
  pdf: (h) => startsWith(h, PDF),
  doc: (h) => startsWith(h, OLE),
  xls: (h) => startsWith(h, OLE),
  ppt: (h) => startsWith(h, OLE),
  docx: (h) => startsWith(h, ZIP),
  xlsx: (h) => startsWith(h, ZIP),
  pptx: (h) => startsWith(h, ZIP),
  odt: (h) => startsWith(h, ZIP),
  rtf: (h) => startsWith(h, RTF),
  csv: isText,
  txt: isText,
  // CorelDRAW: RIFF with "CDR" at 8 (up to X3), a ZIP container from X4 on.
  cdr: (h) => (startsWith(h, RIFF) && startsWith(h, ascii('CDR'), 8)) || startsWith(h, ZIP),
  // Illustrator: PDF-compatible since CS, PostScript before.
  ai: (h) => startsWith(h, PDF) || startsWith(h, PS),
  eps: (h) => startsWith(h, PS) || startsWith(h, EPS_BINARY),
  dwg: (h) => startsWith(h, DWG),
  dgn: (h) => DGN_V7.some((s) => startsWith(h, s)) || startsWith(h, OLE),
  // Creo/Pro-ENGINEER drawing (text header "#UGC:") or an OLE-based CAD drawing.
  drw: (h) => startsWith(h, PROE) || startsWith(h, OLE),
};

/** How many leading bytes the check needs. */
export const MAGIC_HEAD_BYTES = 4096;

export function bytesMatchExtension(ext: UploadExtension, head: Buffer): boolean {
  return CHECKS[ext](head);
}

const TYPES: Record<UploadExtension, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  odt: 'application/vnd.oasis.opendocument.text',
  csv: 'text/csv',
  txt: 'text/plain',
  rtf: 'application/rtf',
  cdr: 'application/vnd.corel-draw',
  ai: 'application/postscript',
  eps: 'application/postscript',
  dwg: 'application/acad',
  dgn: 'application/octet-stream',
  drw: 'application/octet-stream',
};

/** Every content type a stored file is served with. */
export const SERVED_TYPES = [...new Set(Object.values(TYPES))] as [string, ...string[]];

/** The content type stored and served for an extension (never chosen by the client). */
export const contentTypeOf = (ext: UploadExtension) => TYPES[ext];
