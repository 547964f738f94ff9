import { DamagedArchiveError } from './backup-errors.ts';

/**
 * A minimal POSIX ustar writer and reader, read and written as streams. The writer makes regular
 * files only; the reader reports each member's type, so whoever reads a backup can refuse the rest.
 * The backup file is a gzipped tar so that `tar xzf` opens it anywhere, without this project.
 */

const BLOCK = 512;
const ZERO_BLOCK = Buffer.alloc(BLOCK);

/** The 512-byte header of one regular file of `size` bytes. */
export function tarHeader(name: string, size: number, mtime: Date): Buffer {
  if (Buffer.byteLength(name) > 100) throw new Error(`tar member name too long: ${name}`);
  const header = Buffer.alloc(BLOCK);
  header.write(name, 0, 100, 'utf8');
  header.write('0000644\0', 100, 'ascii');
  header.write('0000000\0', 108, 'ascii');
  header.write('0000000\0', 116, 'ascii');
  header.write(`${size.toString(8).padStart(11, '0')}\0`, 124, 'ascii');
  header.write(
    `${Math.floor(mtime.getTime() / 1000)
      .toString(8)
      .padStart(11, '0')}\0`,
    136,
    'ascii',
  );
  header.write('        ', 148, 'ascii');
  header.write('0', 156, 'ascii');
  header.write('ustar\0', 257, 'ascii');
  header.write('00', 263, 'ascii');
  header.write(`${checksum(header).toString(8).padStart(6, '0')}\0 `, 148, 'ascii');
  return header;
}

/** The zeros that fill a member of `size` bytes up to the next block. */
export const tarPadding = (size: number) => ZERO_BLOCK.subarray(0, (BLOCK - (size % BLOCK)) % BLOCK);

/** Two zero blocks end an archive. */
export const tarEnd = () => Buffer.alloc(BLOCK * 2);

function checksum(header: Buffer): number {
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : header[i]!;
  return sum;
}

export interface TarEntry {
  name: string;
  /** The size its header declares: known before a byte of the body is read. */
  size: number;
  /** Whether it is a regular file (not a directory, a link or an extended header). */
  regular: boolean;
  /** The member's bytes; read it whole before asking for the next entry (or it is skipped). */
  body: AsyncIterable<Buffer>;
}

/** Reads exactly the bytes asked for from a stream of chunks. */
class ByteReader {
  private chunks: Buffer[] = [];
  private length = 0;
  private ended = false;
  private readonly source: AsyncIterator<Buffer>;
  constructor(source: AsyncIterator<Buffer>) {
    this.source = source;
  }

  private async fill(n: number) {
    while (this.length < n && !this.ended) {
      const next = await this.source.next();
      if (next.done) this.ended = true;
      else {
        this.chunks.push(next.value);
        this.length += next.value.length;
      }
    }
  }

  async read(n: number): Promise<Buffer | undefined> {
    await this.fill(n);
    if (this.length < n) return undefined;
    const all = Buffer.concat(this.chunks);
    this.chunks = all.length > n ? [all.subarray(n)] : [];
    this.length -= n;
    return all.subarray(0, n);
  }

  async *stream(n: number): AsyncGenerator<Buffer> {
    let left = n;
    while (left > 0) {
      if (this.length === 0) await this.fill(1);
      const chunk = this.chunks.shift();
      if (!chunk) throw new DamagedArchiveError('The file ends in the middle of a member: it is truncated');
      if (chunk.length <= left) {
        this.length -= chunk.length;
        left -= chunk.length;
        yield chunk;
      } else {
        this.chunks.unshift(chunk.subarray(left));
        this.length -= left;
        yield chunk.subarray(0, left);
        left = 0;
      }
    }
  }
}

const text = (header: Buffer, start: number, length: number) => {
  const field = header.subarray(start, start + length);
  const end = field.indexOf(0);
  return field.subarray(0, end === -1 ? length : end).toString('utf8');
};

const octal = (header: Buffer, start: number, length: number) => {
  const value = text(header, start, length).trim();
  if (!/^[0-7]+$/.test(value)) throw new DamagedArchiveError('A tar header is damaged');
  return parseInt(value, 8);
};

/** The members of a tar stream, in order; a damaged header or a truncated file throws. */
export async function* readTar(source: AsyncIterable<Buffer>): AsyncGenerator<TarEntry> {
  const reader = new ByteReader(source[Symbol.asyncIterator]());
  for (;;) {
    const header = await reader.read(BLOCK);
    if (!header) throw new DamagedArchiveError('The file ends before the end of the archive: it is truncated');
    if (header.equals(ZERO_BLOCK)) return;
    if (octal(header, 148, 8) !== checksum(header)) throw new DamagedArchiveError('A tar header is damaged');
    const size = octal(header, 124, 12);
    const prefix = text(header, 345, 155);
    const name = (prefix ? `${prefix}/` : '') + text(header, 0, 100);
    const type = text(header, 156, 1);
    const padded = size + tarPadding(size).length;
    // What the reader of the body left unread is skipped, so the next header is found where it starts.
    const state = { left: size };
    const body = {
      [Symbol.asyncIterator]: () =>
        (async function* () {
          for await (const chunk of reader.stream(state.left)) {
            state.left -= chunk.length;
            yield chunk;
          }
        })(),
    };
    yield { name, size, regular: type === '0' || type === '', body };
    for await (const chunk of reader.stream(state.left)) void chunk;
    for await (const chunk of reader.stream(padded - size)) void chunk;
  }
}
