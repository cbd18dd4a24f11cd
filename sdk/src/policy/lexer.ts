// Tokens of the policy language (docs/service-behaviour.md#policy-language), produced on demand so the first error in reading
// order is the one reported. Strings are single-quoted; integers are decimal, up to u256, and
// a '-' glued to digits makes a negative (i128) literal — the language has no subtraction.
import { positionAt } from './ast';
import { PolicySyntaxError } from './errors';

export type TokenKind = 'ident' | 'int' | 'string' | 'punct' | 'eof';

export interface Token {
  kind: TokenKind;
  /** The source text of the token ('' at the end). */
  text: string;
  start: number;
  end: number;
  /** Decoded value of an int or string token. */
  value?: bigint | string;
}

export const MAX_UINT256 = (1n << 256n) - 1n;
export const MIN_INT128 = -(1n << 127n);

// Longest first, so '..' wins over '.' and '<=' over '<'.
const PUNCTUATION = ['&&', '||', '==', '!=', '<=', '>=', '..', '!', '<', '>', '(', ')', '[', ']', '{', '}', ',', '.', ':'];

const ESCAPES: Record<string, string> = { "'": "'", '\\': '\\', '"': '"', n: '\n', r: '\r', t: '\t', '0': '\0' };

export function isIdentStart(ch: string): boolean {
  return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || ch === '_';
}

function isIdentPart(ch: string): boolean {
  return isIdentStart(ch) || isDigit(ch);
}

function isDigit(ch: string): boolean {
  return ch >= '0' && ch <= '9';
}

export class Lexer {
  private pos = 0;

  constructor(private readonly source: string) {}

  next(): Token {
    this.skipWhitespace();
    const start = this.pos;
    const src = this.source;
    if (start >= src.length) return { kind: 'eof', text: '', start, end: start };
    const ch = src[start] as string;
    if (isIdentStart(ch)) {
      let end = start + 1;
      while (end < src.length && isIdentPart(src[end] as string)) end++;
      this.pos = end;
      return { kind: 'ident', text: src.slice(start, end), start, end };
    }
    if (isDigit(ch) || (ch === '-' && isDigit(src[start + 1] ?? ''))) return this.number(start);
    if (ch === "'") return this.string(start);
    if (ch === '"') this.doubleQuoted(start);
    for (const p of PUNCTUATION) {
      if (src.startsWith(p, start)) {
        this.pos = start + p.length;
        return { kind: 'punct', text: p, start, end: this.pos };
      }
    }
    throw this.badCharacter(start, ch);
  }

  private skipWhitespace(): void {
    while (this.pos < this.source.length && /\s/.test(this.source[this.pos] as string)) this.pos++;
  }

  private number(start: number): Token {
    const src = this.source;
    let end = ch(src, start) === '-' ? start + 1 : start;
    while (end < src.length && isDigit(src[end] as string)) end++;
    if (end < src.length && (isIdentPart(src[end] as string) || (src[end] === '.' && isDigit(src[end + 1] ?? '')))) {
      let bad = end;
      while (bad < src.length && (isIdentPart(src[bad] as string) || src[bad] === '.')) bad++;
      const text = src.slice(start, bad);
      const hint = /^-?0[xX]/.test(text)
        ? `; write hex values as strings, e.g. '${text}'`
        : text.includes('.')
          ? '; numbers are whole integers'
          : '';
      throw new PolicySyntaxError(src, start, `invalid number '${text}'${hint}`, ['a decimal integer']);
    }
    const text = src.slice(start, end);
    const value = BigInt(text);
    if (value > MAX_UINT256) {
      throw new PolicySyntaxError(src, start, `integer ${text} is too large; the largest integer is 2^256 - 1`, ['a smaller integer']);
    }
    if (value < MIN_INT128) {
      throw new PolicySyntaxError(src, start, `integer ${text} is too small; the smallest integer is -2^127`, ['a larger integer']);
    }
    this.pos = end;
    return { kind: 'int', text, start, end, value };
  }

  private string(start: number): Token {
    const src = this.source;
    let value = '';
    let i = start + 1;
    while (i < src.length) {
      const c = src[i] as string;
      if (c === "'") {
        this.pos = i + 1;
        return { kind: 'string', text: src.slice(start, i + 1), start, end: i + 1, value };
      }
      if (c === '\\') {
        const esc = src[i + 1];
        if (esc === undefined) break;
        if (esc === 'u') {
          const m = /^u\{([0-9a-fA-F]{1,6})\}/.exec(src.slice(i + 1, i + 11));
          const code = m ? parseInt(m[1] as string, 16) : -1;
          if (!m || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) {
            throw new PolicySyntaxError(src, i, `invalid unicode escape in string; write it as \\u{1F600} with 1 to 6 hex digits`, [
              'a unicode escape like \\u{41}',
            ]);
          }
          value += String.fromCodePoint(code);
          i += 1 + m[0].length;
          continue;
        }
        const decoded = ESCAPES[esc];
        if (decoded === undefined) {
          throw new PolicySyntaxError(
            src,
            i,
            `unknown escape sequence '\\${esc}' in string; the escapes are \\' \\\\ \\n \\r \\t \\0 and \\u{…}`,
            ['an escape sequence'],
          );
        }
        value += decoded;
        i += 2;
        continue;
      }
      value += c;
      i++;
    }
    const at = positionLabel(src, start);
    throw new PolicySyntaxError(src, src.length, `expected a closing quote ' for the string starting at ${at}`, ["a closing quote '"]);
  }

  private doubleQuoted(start: number): never {
    const src = this.source;
    const close = src.indexOf('"', start + 1);
    const reason =
      close > 0 && !src.slice(start + 1, close).includes("'")
        ? `strings use single quotes: write '${src.slice(start + 1, close)}' instead of ${src.slice(start, close + 1)}`
        : 'strings use single quotes, not double quotes';
    throw new PolicySyntaxError(src, start, reason, ['a single-quoted string']);
  }

  private badCharacter(start: number, c: string): PolicySyntaxError {
    const src = this.source;
    const hints: Record<string, string> = {
      '&': "'&' is not an operator; use '&&' for and",
      '|': "'|' is not an operator; use '||' for or",
      '=': "'=' is not an operator; use '==' to compare",
      '-': "'-' must be directly followed by digits, as in -5; the language has no subtraction",
    };
    const reason = hints[c] ?? `unexpected character ${describeChar(src, start)}`;
    return new PolicySyntaxError(src, start, reason, ['an expression or an operator']);
  }
}

function ch(src: string, i: number): string {
  return src[i] ?? '';
}

function describeChar(src: string, i: number): string {
  const code = src.codePointAt(i) as number;
  const shown = String.fromCodePoint(code);
  if (code < 0x20 || code === 0x7f || /\s/.test(shown)) return `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
  return `'${shown}'`;
}

function positionLabel(src: string, offset: number): string {
  const p = positionAt(src, offset);
  return `${p.line}:${p.column}`;
}
