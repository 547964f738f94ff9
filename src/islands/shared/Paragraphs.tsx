/** Multi-line text as one paragraph per non-empty line (event descriptions, about texts, stories). */
export function toParagraphs(text: string): string[] {
  return text.split(/\r?\n/).filter((line) => line.trim() !== '');
}

export default function Paragraphs({ text, className }: { text: string; className: string }) {
  return (
    <>
      {toParagraphs(text).map((line, i) => (
        <p key={i} className={className}>
          {line}
        </p>
      ))}
    </>
  );
}
