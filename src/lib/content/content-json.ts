/**
 * A content file's JSON as the repository keeps it (Prettier's JSON style at printWidth 120): objects
 * one field per line, a list of plain values on one line when it fits, else one value per line. The
 * content editor writes its saves this way, so a save changes only the lines it edited and the
 * repository's format check stays green.
 */
const PRINT_WIDTH = 120;

const isPlain = (value: unknown) => value === null || typeof value !== 'object';

function print(value: unknown, indent: string, lineStart: number, trailing: number): string {
  if (isPlain(value)) return JSON.stringify(value);
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    if (value.every(isPlain)) {
      const oneLine = `[${value.map((v) => JSON.stringify(v)).join(', ')}]`;
      if (lineStart + oneLine.length + trailing <= PRINT_WIDTH) return oneLine;
    }
    const items = value.map((item, i) => `${inner}${print(item, inner, inner.length, i < value.length - 1 ? 1 : 0)}`);
    return `[\n${items.join(',\n')}\n${indent}]`;
  }
  const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
  if (entries.length === 0) return '{}';
  const lines = entries.map(([key, item], i) => {
    const head = `${inner}${JSON.stringify(key)}: `;
    return `${head}${print(item, inner, head.length, i < entries.length - 1 ? 1 : 0)}`;
  });
  return `{\n${lines.join(',\n')}\n${indent}}`;
}

export function formatContentJson(value: unknown): string {
  return `${print(value, '', 0, 0)}\n`;
}
