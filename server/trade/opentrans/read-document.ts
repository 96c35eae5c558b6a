import { XMLParser, XMLValidator } from 'fast-xml-parser';
import * as v from 'valibot';
import type { MessageId } from '../../../common/contracts/message-ids';
import { isMessageId } from '../../../common/contracts/message-ids';
import {
  MAX_OPENTRANS_DEPTH,
  MAX_OPENTRANS_DOCUMENT_BYTES,
  type OpenTransDocument,
  openTransDocumentSchema,
} from '../../../common/contracts/opentrans';

/*
 * Reads an ORDERRESPONSE or DISPATCHNOTIFICATION an ERP sent (ADR 042) into the contract's plain
 * values. Hostile XML is refused before it can cost anything: over 1 MB (by bytes, before
 * decoding), any DOCTYPE (the only way to declare entities, so no expansion and no external entity
 * can exist), nesting deeper than 40, and the parser itself runs with entity processing off.
 */

export type ReadOutcome = { ok: true; document: OpenTransDocument } | { ok: false; messageId: MessageId };

const refuse = (messageId: MessageId): ReadOutcome => ({ ok: false, messageId });

const UTF8_BOM = [0xef, 0xbb, 0xbf] as const;
/** Encodings ERPs declare for Western European text; WHATWG's 'latin1' decoder is windows-1252, a superset of ISO-8859-1. */
const LATIN1_NAMES = new Set(['iso-8859-1', 'iso8859-1', 'latin1', 'latin-1', 'iso-8859-15', 'windows-1252', 'cp1252']);

/**
 * The encoding the XML declaration names (XML 1.0 §4.3.3: the declaration itself is ASCII, so it is
 * read byte-wise before the document is decoded); UTF-8 when there is none. null: not supported.
 */
function declaredDecoder(bytes: Uint8Array): TextDecoder | null {
  if (UTF8_BOM.every((byte, index) => bytes[index] === byte)) return new TextDecoder('utf-8', { fatal: true });
  // UTF-16 and other wide encodings start with a NUL or a byte-order mark: refused, ERPs here send bytes.
  if (bytes[0] === 0xfe || bytes[0] === 0xff || bytes[0] === 0 || bytes[1] === 0) return null;
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 200));
  const declarationEnd = head.startsWith('<?xml') ? head.indexOf('?>') : -1;
  if (declarationEnd < 0) return new TextDecoder('utf-8', { fatal: true });
  const declaration = head.slice(0, declarationEnd);
  const encoding = /\sencoding\s*=\s*["']([A-Za-z0-9._-]+)["']/.exec(declaration)?.[1]?.toLowerCase();
  if (encoding === undefined || encoding === 'utf-8' || encoding === 'utf8') {
    return new TextDecoder('utf-8', { fatal: true });
  }
  return LATIN1_NAMES.has(encoding) ? new TextDecoder('latin1') : null;
}

/** The five predefined entities and character references: the only ones a DOCTYPE-free document can hold. */
const PREDEFINED_ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
function decodeReferences(text: string) {
  return text.replace(/&(#x[0-9a-fA-F]{1,6}|#[0-9]{1,7}|lt|gt|amp|quot|apos);/g, (whole, name: string) => {
    if (!name.startsWith('#')) return PREDEFINED_ENTITIES[name] ?? whole;
    const code = name.startsWith('#x') ? Number.parseInt(name.slice(2), 16) : Number.parseInt(name.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

/** Elements that may repeat and are read as lists (everything else: the first occurrence). */
const REPEATED = new Set([
  'ORDERRESPONSE_ITEM',
  'DISPATCHNOTIFICATION_ITEM',
  'PARTIAL_DELIVERY',
  'REMARKS',
  'ORDER_REFERENCE',
]);

const parser = new XMLParser({
  ignoreAttributes: true,
  // The bmecat: prefix, none, or an explicit opentrans prefix all read the same (ADR 042).
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  processEntities: false,
  htmlEntities: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
  maxNestedTags: MAX_OPENTRANS_DEPTH,
  isArray: (name) => REPEATED.has(name),
});

type Node = Record<string, unknown>;

const asNode = (value: unknown): Node =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Node) : {};
const asList = (value: unknown): unknown[] => (Array.isArray(value) ? value : value === undefined ? [] : [value]);
/** An element's text: a leaf's string; an element with children has none. */
const textOf = (value: unknown): string | undefined =>
  typeof value === 'string' ? decodeReferences(value) : typeof value === 'number' ? String(value) : undefined;
const child = (node: unknown, ...path: string[]) => path.reduce<unknown>((at, name) => asNode(at)[name], node);

function deliveryDay(node: unknown) {
  const date = child(node, 'DELIVERY_DATE');
  return textOf(child(date, 'DELIVERY_END_DATE')) ?? textOf(child(date, 'DELIVERY_START_DATE')) ?? null;
}

function orderResponseValues(root: Node) {
  return {
    kind: 'ORDERRESPONSE',
    order_id: textOf(child(root, 'ORDERRESPONSE_HEADER', 'ORDERRESPONSE_INFO', 'ORDER_ID')),
    items: asList(child(root, 'ORDERRESPONSE_ITEM_LIST', 'ORDERRESPONSE_ITEM')).map((item) => ({
      line_item_id: textOf(child(item, 'LINE_ITEM_ID')),
      quantity: textOf(child(item, 'QUANTITY')),
      delivery_date: deliveryDay(item),
      remarks: asList(child(item, 'REMARKS'))
        .map(textOf)
        .filter((remark): remark is string => remark !== undefined && remark !== '')
        .join(' '),
    })),
  };
}

function dispatchValues(root: Node) {
  const info = child(root, 'DISPATCHNOTIFICATION_HEADER', 'DISPATCHNOTIFICATION_INFO');
  return {
    kind: 'DISPATCHNOTIFICATION',
    shipment_id: textOf(child(info, 'SHIPMENT_ID')) ?? '',
    tracking_url: textOf(child(info, 'TRACKING_TRACING_URL')) ?? '',
    items: asList(child(root, 'DISPATCHNOTIFICATION_ITEM_LIST', 'DISPATCHNOTIFICATION_ITEM')).map((item) => {
      const reference = asList(child(item, 'ORDER_REFERENCE'))[0];
      return {
        order_id: textOf(child(reference, 'ORDER_ID')),
        line_item_id: textOf(child(reference, 'LINE_ITEM_ID')),
        quantity: textOf(child(item, 'QUANTITY')),
        partial_quantities: asList(child(item, 'PARTIAL_DELIVERY_LIST', 'PARTIAL_DELIVERY')).map((partial) =>
          textOf(child(partial, 'QUANTITY')),
        ),
      };
    }),
  };
}

/** Reads the bytes of an uploaded or posted document; every refusal names one message id. */
export function readOpenTransDocument(bytes: Uint8Array): ReadOutcome {
  if (bytes.byteLength > MAX_OPENTRANS_DOCUMENT_BYTES) return refuse('openTransTooLarge');
  if (bytes.byteLength === 0) return refuse('openTransUnreadable');
  const decoder = declaredDecoder(bytes);
  if (!decoder) return refuse('openTransEncoding');
  let text: string;
  try {
    text = decoder.decode(bytes);
  } catch {
    // Bytes that are not UTF-8 in a document that says (or defaults to) UTF-8.
    return refuse('openTransEncoding');
  }
  // A DOCTYPE is the only place entities are declared (internal subset) or fetched (external): none is read.
  if (text.toUpperCase().includes('<!DOCTYPE') || text.toUpperCase().includes('<!ENTITY'))
    return refuse('openTransDoctype');
  if (XMLValidator.validate(text) !== true) return refuse('openTransUnreadable');
  let parsed: Node;
  try {
    parsed = asNode(parser.parse(text));
  } catch (error) {
    if (error instanceof Error && /nested/i.test(error.message)) return refuse('openTransTooDeep');
    return refuse('openTransUnreadable');
  }
  const rootName = Object.keys(parsed).find((name) => !name.startsWith('?') && !name.startsWith('#'));
  const root = asNode(rootName === undefined ? undefined : parsed[rootName]);
  const values =
    rootName === 'ORDERRESPONSE'
      ? orderResponseValues(root)
      : rootName === 'DISPATCHNOTIFICATION'
        ? dispatchValues(root)
        : null;
  if (values === null) return refuse('openTransUnknownDocument');
  const result = v.safeParse(openTransDocumentSchema, values);
  if (result.success) return { ok: true, document: result.output };
  const message = result.issues[0]?.message;
  return refuse(isMessageId(message) ? message : 'openTransFieldInvalid');
}
